import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SEARCH_DEBOUNCE_MS } from '@/features/users/lib/use-debounced';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { userRow } from './users-fixtures';

/** 130 students named منى and 20 others: the export of the search "منى" reads every page of 100 and nothing else. */
const people = [
  ...Array.from({ length: 130 }, (_, i) => userRow({ id: `m${i}`, firstName: 'منى', lastName: `حسن ${i}`, email: `m${i}@example.com`, block: i === 0 })),
  ...Array.from({ length: 20 }, (_, i) => userRow({ id: `o${i}`, firstName: 'Omar', email: `o${i}@example.com` })),
];

function pageOf(url: string) {
  const q = new URL(url, 'http://x').searchParams;
  const search = q.get('search') ?? '';
  const page = Number(q.get('page') ?? 1);
  const limit = Number(q.get('limit') ?? 6);
  const found = people.filter((u) => !search || u.firstName.includes(search));
  return { status: 200, body: { data: found.slice((page - 1) * limit, page * limit), page, limit, total: found.length, pages: Math.ceil(found.length / limit) } };
}

const bytesOf = (b: Blob) =>
  new Promise<Uint8Array>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(b);
  });

describe('/dashboard/users: export as CSV', () => {
  it('downloads every user the search finds (all pages), UTF-8 with a BOM so Excel shows Arabic names', async () => {
    storeSession(adminUser);
    window.localStorage.setItem('language', 'en');
    const fetch = mockFetch((url) => (url.startsWith('/api/admin/allusers') ? pageOf(url) : { status: 404 }));
    const blobs: Blob[] = [];
    Object.assign(URL, { createObjectURL: jest.fn((b: Blob) => (blobs.push(b), 'blob:users')), revokeObjectURL: jest.fn() });
    const clicks: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push(this.download);
    });
    renderApp('/dashboard/users');
    await userEvent.type(await screen.findByLabelText('Search users'), 'منى');
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS + 50));
    await waitFor(() => expect(fetch.mock.calls.some(([u]) => String(u).includes('search='))).toBe(true));
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicks).toHaveLength(1));
    expect(clicks[0]).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const exportCalls = fetch.mock.calls.map(([u]) => new URL(String(u), 'http://x')).filter((u) => u.searchParams.get('limit') === '100');
    expect(exportCalls.map((u) => [u.searchParams.get('search'), u.searchParams.get('page')])).toEqual([
      ['منى', '1'],
      ['منى', '2'],
    ]);
    const bytes = await bytesOf(blobs[0]!);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.slice(3)).split('\r\n');
    expect(lines[0]).toBe('First name,Last name,E-mail,Phone,School year,Status,Joined,Last sign-in');
    expect(lines).toHaveLength(1 + 130 + 1);
    expect(lines[1]).toBe("منى,حسن 0,m0@example.com,'+201012345678,Second year,Blocked,2026-11-01 12:00,");
    expect(lines.some((l) => l.includes('Omar'))).toBe(false);
    click.mockRestore();
  });
});
