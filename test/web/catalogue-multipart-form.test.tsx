/**
 * The lecture editor with a large video (issue 16): a file over the threshold goes in parts through
 * the multipart endpoints (never the single PUT), each part's ETag read from its PUT, and the key the
 * finish call returns is the videoUrl saved; removing the row while it runs cancels the upload;
 * picking the same file again replaces its row (the earlier upload stopped), a new file adds one.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MULTIPART_THRESHOLD } from '@/features/catalogue/lib/multipart-upload';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { FakeXhr, fileOf, installFakeXhr } from './catalogue-fixtures';

const MiB = 1024 * 1024;
/** Uploads remembered for resuming (localStorage also holds the session). */
const remembered = () => Object.keys(localStorage).filter((k) => k.startsWith('bioscope.upload:')).length;

/** FakeXhr with the ETag header S3 answers a part PUT with (exposed by the bucket's CORS). */
class PartXhr extends FakeXhr {
  aborted = false;
  override abort() {
    this.aborted = true;
    super.abort();
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'etag' ? `"etag-${this.url.split('part=')[1]}"` : null;
  }
}

const previewState = { courseId: 'c1', courseFor: 'ثانوي عام', courseName: 'الصف الأول الثانوي', termId: 't1', termName: 'الترم الأول', contentId: 's1', sectionType: 'شرح محاضرات' };

function setUp() {
  let starts = 0;
  localStorage.clear();
  storeSession(adminUser);
  installFakeXhr();
  (globalThis as unknown as { XMLHttpRequest: unknown }).XMLHttpRequest = PartXhr;
  const fetch = mockFetch((url, init) => {
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    if (url === '/api/v/lecture/s1') return { status: 200, body: { data: [] } };
    if (url === '/api/Quiz/AllQuizz') return { status: 200, body: { data: [] } };
    if (url === '/api/AWS/uploads' && init.method === 'POST') return { status: 201, body: { key: 'videos/01ARZ3NDEKTSV4RRFFQ69G5FAV-big.mp4', uploadId: `up${++starts}`, partSize: 16 * MiB, partCount: 5, fileUrl: '/media/x' } };
    if (url === '/api/AWS/uploads/parts' && init.method === 'POST')
      return { status: 200, body: { parts: body.partNumbers.map((n: number) => ({ partNumber: n, size: 16 * MiB, url: `http://s3.local/part?part=${n}` })), expiresIn: 900 } };
    if (url === '/api/AWS/uploads/finish') return { status: 200, body: { key: body.key, fileUrl: '/media/x', size: 70 * MiB } };
    if (url.startsWith('/api/AWS/get-signed-url')) return { status: 200, body: { signedUrl: 'http://s3.local/small', key: 'videos/small.mp4', fileUrl: '/media/x', expiresIn: 900 } };
    if (url.startsWith('/api/AWS/uploads?')) return { status: 200, body: { key: 'videos/01ARZ3NDEKTSV4RRFFQ69G5FAV-big.mp4', message: 'Upload cancelled' } };
    return { status: 404, body: { message: 'unexpected ' + url } };
  });
  renderApp({ pathname: '/dashboard/preview', state: previewState });
  return fetch;
}

/** A file that says it is 70 MiB (its bytes are few: the fakes never read them). */
const bigFile = () => {
  const f = fileOf('big.mp4', 'video/mp4', 100);
  Object.defineProperty(f, 'size', { value: 70 * MiB });
  return f;
};

describe('the lecture editor uploads a large video in parts', () => {
  it('goes through start, signed parts (3 at a time), finish — not the single PUT — and shows the progress', async () => {
    expect(70 * MiB).toBeGreaterThan(MULTIPART_THRESHOLD);
    const fetch = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lecture' });
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), bigFile());

    // 70 MiB in parts of 16 MiB: five parts, three in flight at once.
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith('/api/AWS/get-signed-url'))).toBe(false);
    expect(FakeXhr.all.map((x) => x.method)).toEqual(['PUT', 'PUT', 'PUT']);
    const bar = within(dialog).getByRole('progressbar', { name: 'Uploading big.mp4' });
    await act(async () => FakeXhr.all[0]!.finish());
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '22')); // 16 of 70 MiB
    await waitFor(() => expect(FakeXhr.all).toHaveLength(4));
    for (let i = 1; i < 5; i++) {
      await waitFor(() => expect(FakeXhr.all.length).toBeGreaterThan(i));
      await act(async () => FakeXhr.all[i]!.finish());
    }
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '100'));
    const finish = fetch.mock.calls.find(([url]) => url === '/api/AWS/uploads/finish')!;
    expect(JSON.parse(String(finish[1]!.body))).toEqual({
      key: 'videos/01ARZ3NDEKTSV4RRFFQ69G5FAV-big.mp4',
      uploadId: 'up1',
      parts: [1, 2, 3, 4, 5].map((n) => ({ partNumber: n, etag: `"etag-${n}"` })),
    });
    expect(remembered()).toBe(0);
  });

  it('removing the row while it uploads cancels the upload (DELETE), and remembers nothing', async () => {
    const fetch = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lecture' });
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), bigFile());
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    expect(remembered()).toBe(1); // resumable after a reload while it runs
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => String(url) === '/api/AWS/uploads?key=videos%2F01ARZ3NDEKTSV4RRFFQ69G5FAV-big.mp4&uploadId=up1' && init?.method === 'DELETE')).toBe(true));
    expect(remembered()).toBe(0);
  });

  it('picking the same large file again while it uploads replaces its row: the first upload stopped (its parts and the DELETE), one row, its name kept', async () => {
    const fetch = setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lecture' });
    const file = bigFile();
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), file);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    await userEvent.clear(within(dialog).getByLabelText('Video name'));
    await userEvent.type(within(dialog).getByLabelText('Video name'), 'Lesson one');

    await userEvent.upload(within(dialog).getByLabelText('Add videos'), file);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(6));
    expect(FakeXhr.all.slice(0, 3).map((x) => (x as PartXhr).aborted)).toEqual([true, true, true]);
    expect(FakeXhr.all.slice(3).map((x) => (x as PartXhr).aborted)).toEqual([false, false, false]);
    await waitFor(() => expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('&uploadId=up1') && init?.method === 'DELETE')).toBe(true));
    expect(fetch.mock.calls.some(([url, init]) => String(url).endsWith('&uploadId=up2') && init?.method === 'DELETE')).toBe(false);
    expect(within(dialog).getAllByTestId('new-video')).toHaveLength(1);
    expect(within(dialog).getByLabelText('Video name')).toHaveValue('Lesson one');
    expect(remembered()).toBe(1); // the new upload, resumable after a reload

    // The new upload drives the one row to the end.
    for (let i = 3; i < 8; i++) {
      await waitFor(() => expect(FakeXhr.all.length).toBeGreaterThan(i));
      await act(async () => FakeXhr.all[i]!.finish());
    }
    await waitFor(() => expect(within(dialog).getByRole('progressbar', { name: 'Uploading big.mp4' })).toHaveAttribute('aria-valuenow', '100'));
    const finish = fetch.mock.calls.find(([url]) => url === '/api/AWS/uploads/finish')!;
    expect(JSON.parse(String(finish[1]!.body)).uploadId).toBe('up2');
    expect(within(dialog).getAllByTestId('new-video')).toHaveLength(1);
  });

  it('picking the same small file again replaces its row (the first PUT aborted); another file still adds a row', async () => {
    setUp();
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lecture' });
    const small = fileOf('small.mp4', 'video/mp4', 100);
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), small);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), small);
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    expect((FakeXhr.all[0] as PartXhr).aborted).toBe(true);
    expect(within(dialog).getAllByTestId('new-video')).toHaveLength(1);

    await userEvent.upload(within(dialog).getByLabelText('Add videos'), fileOf('other.mp4', 'video/mp4', 100));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    expect((FakeXhr.all[1] as PartXhr).aborted).toBe(false);
    expect(within(dialog).getAllByTestId('new-video')).toHaveLength(2);
  });
});
