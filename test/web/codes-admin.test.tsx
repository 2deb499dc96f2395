/**
 * Issue 40: /dashboard/codes. The new-batch form's rules (1–5,000 codes, 1–10,000 LE or a lecture,
 * where it is sold, a day not past) stop a bad batch on its fields; the batches show their redeemed
 * share, stop after a confirm, and their printed sheet lays out 24 cards a page, each with the
 * teacher, the value, the code and a QR link to the redeem page with the code.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { checkSymbolOf, formatRechargeCode } from '@shared/recharge-code';
import { csvRows, codesOfCsv } from '@/features/codes/lib/codes-csv';
import { pagesOf, qrPath, redeemUrl } from '@/features/codes/lib/print-sheet';
import { ADMIN_SHELL_CALLS, adminUser, bodyOf, type FakeResponse, mockFetch, renderApp, storeSession } from './helpers';

const BATCHES = '/api/admin/codes/batches';
const batch = (over: Record<string, unknown> = {}) => ({
  id: 'b1',
  label: 'Maktabat El-Nour',
  value: 100,
  lectureId: null,
  lectureName: null,
  termId: null,
  termName: null,
  count: 50,
  redeemed: 20,
  disabled: false,
  createdAt: '2026-12-01T10:00:00.000Z',
  expiresAt: null,
  ...over,
});
/** A track's terms: the first sold whole (a bundle), the second not. */
const TERMS = [
  { id: 't1', name: 'الترم الأول', courseFor: 'ثانوي عام', isLocked: false, bundlePrice: 150, endsAt: '2099-01-31T21:59:59.999Z' },
  { id: 't2', name: 'الترم الثاني', courseFor: 'ثانوي عام', isLocked: false, bundlePrice: null, endsAt: null },
];
/** A batch's CSV as the server writes it: BOM, headers, a code a row. */
const codeOf = (i: number) => {
  const body = `${String(i).padStart(4, '0')}ABCDEFGH`;
  return formatRechargeCode(body + checkSymbolOf(body));
};
const csvOf = (n: number) => `\uFEFFcode,state,redeemedBy,redeemedAt\r\n${Array.from({ length: n }, (_, i) => `${codeOf(i)},${i % 3 ? 'new' : 'redeemed'},,`).join('\r\n')}\r\n`;

function openCodes(answers: Record<string, (init: RequestInit) => FakeResponse> = {}) {
  storeSession(adminUser);
  return mockFetch((url, init) => {
    if (ADMIN_SHELL_CALLS[url]) return ADMIN_SHELL_CALLS[url];
    const key = `${init.method ?? 'GET'} ${url}`;
    if (answers[key]) return answers[key](init);
    if (key === `GET ${BATCHES}`) return { status: 200, body: { data: [batch(), batch({ id: 'b2', label: 'Centre', value: null, lectureId: 'l2', lectureName: 'Meiosis', count: 10, redeemed: 10, disabled: true }), batch({ id: 'b4', label: 'School', value: null, termId: 't1', termName: 'الترم الأول', count: 5, redeemed: 0, createdAt: '2026-11-01T10:00:00.000Z' })] } };
    if (key === 'GET /api/cours/all') return { status: 200, body: { data: [{ id: 'c1', name: 'Biology 1', courseFor: 'ثانوي عام', terms: [] }] } };
    if (key === `GET /api/cours/Term/${encodeURIComponent('ثانوي عام')}/c1`) return { status: 200, body: { data: TERMS } };
    if (key === 'GET /api/admin/getlecture/t2') return { status: 200, body: { data: [] } };
    if (url.endsWith('/codes.csv')) return { status: 200, body: undefined };
    return { status: 404, body: { message: `unexpected ${key}` } };
  });
}
const swalButton = (kind: 'confirm' | 'cancel') => document.querySelector<HTMLButtonElement>(`.swal2-${kind}`)!;

afterEach(() => window.localStorage.clear());

describe('the new-batch form', () => {
  it('stops a batch without a count, value or place, and one beyond the limits, each on its field', async () => {
    const fetch = openCodes();
    renderApp('/dashboard/codes');
    await userEvent.click(await screen.findByRole('button', { name: 'Create batch' }));
    expect(await screen.findByText('Number of codes is required')).toBeInTheDocument();
    expect(screen.getByText('Value is required')).toBeInTheDocument();
    expect(screen.getByText('Where it is sold is required')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Number of codes'), '5001');
    await userEvent.type(screen.getByLabelText('Value (LE)'), '10001');
    expect(await screen.findByText('Number of codes must be at most 5000')).toBeInTheDocument();
    expect(screen.getByText('Value must be at most 10000')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Value (LE)'));
    await userEvent.type(screen.getByLabelText('Value (LE)'), '2.555');
    expect(await screen.findByText('Value must be in whole piasters (2 decimals at most)')).toBeInTheDocument();

    // A lecture batch wants its lecture instead of a value.
    await userEvent.click(screen.getByLabelText('One lecture'));
    expect(screen.queryByLabelText('Value (LE)')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    expect(await screen.findByText('Lecture is required')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u, init]) => u === BATCHES && (init as RequestInit).method === 'POST')).toBe(false);
  });

  it('sends count, value, label and the end of the chosen day, and lists the batch', async () => {
    const fetch = openCodes({ [`POST ${BATCHES}`]: () => ({ status: 201, body: { data: batch({ id: 'b3' }) } }) });
    renderApp('/dashboard/codes');
    await userEvent.type(await screen.findByLabelText('Number of codes'), '200');
    await userEvent.type(screen.getByLabelText('Value (LE)'), '50');
    await userEvent.type(screen.getByLabelText('Where it is sold'), '  Maktabat El-Nour ');
    await userEvent.type(screen.getByLabelText('Expiry date'), '2099-06-30');
    await userEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('Batch of 200 codes created'));
    const post = fetch.mock.calls.findIndex(([u, init]) => u === BATCHES && (init as RequestInit).method === 'POST');
    const body = bodyOf(fetch, post);
    expect(body).toEqual({ count: 200, value: 50, label: 'Maktabat El-Nour', expiresAt: new Date(2099, 5, 30, 23, 59, 59, 999).toISOString() });
    expect(screen.getByLabelText('Number of codes')).toHaveValue(null);
  });

  it('sends an amount in piasters (12.50 LE)', async () => {
    const fetch = openCodes({ [`POST ${BATCHES}`]: () => ({ status: 201, body: { data: batch({ id: 'b3' }) } }) });
    renderApp('/dashboard/codes');
    await userEvent.type(await screen.findByLabelText('Number of codes'), '10');
    await userEvent.type(screen.getByLabelText('Value (LE)'), '12.5');
    await userEvent.type(screen.getByLabelText('Where it is sold'), 'Centre');
    await userEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('Batch of 10 codes created'));
    const post = fetch.mock.calls.findIndex(([u, init]) => u === BATCHES && (init as RequestInit).method === 'POST');
    expect(bodyOf(fetch, post)).toEqual({ count: 10, value: 12.5, label: 'Centre' });
  });

  it('a term batch: course → track → a term sold whole (only those are listed); sends {count, termId, label}', async () => {
    const fetch = openCodes({ [`POST ${BATCHES}`]: () => ({ status: 201, body: { data: batch({ id: 'b5', value: null, termId: 't1', termName: 'الترم الأول' }) } }) });
    renderApp('/dashboard/codes');
    await userEvent.type(await screen.findByLabelText('Number of codes'), '30');
    await userEvent.type(screen.getByLabelText('Where it is sold'), 'School');
    await userEvent.click(screen.getByLabelText('A whole term'));
    expect(screen.queryByLabelText('Value (LE)')).toBeNull();
    expect(screen.queryByLabelText('Lecture')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    expect(await screen.findByText('Term is required')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Course'), 'c1');
    await userEvent.selectOptions(screen.getByLabelText('Track'), 'ثانوي عام');
    const term = screen.getByLabelText('Term');
    await waitFor(() => expect(within(term).getAllByRole('option').map((o) => o.textContent)).toEqual(['Choose…', 'الترم الأول']));
    expect(screen.getByText('Only terms sold whole (with a bundle price) are listed.')).toBeInTheDocument();
    await userEvent.selectOptions(term, 't1');
    await userEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('Batch of 30 codes created'));
    const post = fetch.mock.calls.findIndex(([u, init]) => u === BATCHES && (init as RequestInit).method === 'POST');
    expect(bodyOf(fetch, post)).toEqual({ count: 30, termId: 't1', label: 'School' });
  });

  it("puts the server's rule on its field (expiresAt on the expiry day)", async () => {
    openCodes({ [`POST ${BATCHES}`]: () => ({ status: 400, body: { message: 'bad', errors: [{ field: 'expiresAt', code: 'coupon.expiry' }] } }) });
    renderApp('/dashboard/codes');
    await userEvent.type(await screen.findByLabelText('Number of codes'), '10');
    await userEvent.type(screen.getByLabelText('Value (LE)'), '50');
    await userEvent.type(screen.getByLabelText('Where it is sold'), 'Centre');
    await userEvent.click(screen.getByRole('button', { name: 'Create batch' }));
    expect(await screen.findByText('Expiry date must be in the future')).toBeInTheDocument();
  });
});

describe('the batches', () => {
  it('show where each is sold, what a code gives, the redeemed share as a bar, and whether it works', async () => {
    openCodes();
    renderApp('/dashboard/codes');
    const rows = await screen.findAllByTestId('batch-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Maktabat El-Nour')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('100 LE')).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('batch-redeemed')).toHaveTextContent('20 of 50');
    expect(within(rows[0]!).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
    expect(within(rows[0]!).getByTestId('batch-state')).toHaveTextContent('Active');
    expect(within(rows[1]!).getByText('Lecture: Meiosis')).toBeInTheDocument();
    expect(within(rows[2]!).getByTestId('batch-gives')).toHaveTextContent('Whole term: الترم الأول');
    expect(within(rows[1]!).getByTestId('batch-state')).toHaveTextContent('Stopped');
    expect(within(rows[1]!).queryByRole('button', { name: 'Stop: Centre' })).toBeNull();
    expect(within(rows[0]!).getByRole('link', { name: 'Print: Maktabat El-Nour' })).toHaveAttribute('href', '/dashboard/codes/b1/print');
    expect(document.title).toBe('Bioscope | Recharge codes');
  });

  it('stop asks first; cancelled it sends nothing, confirmed it sends {disabled: true}', async () => {
    const fetch = openCodes({ 'PATCH /api/admin/codes/batches/b1': () => ({ status: 200, body: { data: batch({ disabled: true }) } }) });
    renderApp('/dashboard/codes');
    await userEvent.click(await screen.findByRole('button', { name: 'Stop: Maktabat El-Nour' }));
    await waitFor(() => expect(document.querySelector('.swal2-title')?.textContent).toBe('Stop this batch?'));
    await userEvent.click(swalButton('cancel'));
    const patches = () => fetch.mock.calls.filter(([u, init]) => u === '/api/admin/codes/batches/b1' && (init as RequestInit).method === 'PATCH');
    expect(patches()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Stop: Maktabat El-Nour' }));
    await waitFor(() => expect(swalButton('confirm')).toHaveTextContent('Yes, stop it'));
    await userEvent.click(swalButton('confirm'));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(JSON.parse(String((patches()[0]![1] as RequestInit).body))).toEqual({ disabled: true });
  });
});

describe('the printed sheet', () => {
  it('reads the codes from the CSV (quoted fields too) and cuts them into pages of 24', () => {
    expect(csvRows('a,"b,""c"""\r\nd,e\r\n')).toEqual([
      ['a', 'b,"c"'],
      ['d', 'e'],
    ]);
    expect(codesOfCsv(csvOf(3))).toEqual([
      { code: codeOf(0), state: 'redeemed' },
      { code: codeOf(1), state: 'new' },
      { code: codeOf(2), state: 'new' },
    ]);
    expect(pagesOf(Array.from({ length: 50 }, (_, i) => i)).map((p) => p.length)).toEqual([24, 24, 2]);
    expect(redeemUrl('https://bioscope.example', 'ABCD-EFGH-JKMN')).toBe('https://bioscope.example/profile/wallet?code=ABCD-EFGH-JKMN');
    const qr = qrPath('https://bioscope.example/profile/wallet?code=ABCD-EFGH-JKMN');
    expect(qr.size).toBe(33);
    expect(qr.d.startsWith('M0 0h7v1h-7z')).toBe(true);
  });

  /** The print route with the batch's CSV answered as text (not JSON), as the server does. */
  function openSheet(batchId: string, csv: string) {
    const fetch = openCodes();
    const json = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/codes.csv') ? ({ ok: true, status: 200, text: async () => csv } as Response) : json(input, init)) as typeof fetch;
    renderApp(`/dashboard/codes/${batchId}/print`);
    return fetch;
  }

  it('lays only the codes still unredeemed on A4 pages of 24 (33 of 50: 24, 9), says how many redeemed ones it leaves out, each card with the teacher, the value, the code and its QR link', async () => {
    openSheet('b1', csvOf(50));
    const pages = await screen.findAllByTestId('sheet-page');
    expect(pages.map((p) => within(p).getAllByTestId('code-card').length)).toEqual([24, 9]);
    const printed = screen.getAllByTestId('card-code').map((c) => c.textContent);
    // Every third code of csvOf is redeemed (0, 3, … 48): 17 of them, none on the sheet.
    expect(printed).not.toContain(codeOf(0));
    expect(printed).not.toContain(codeOf(48));
    expect(printed.slice(0, 3)).toEqual([codeOf(1), codeOf(2), codeOf(4)]);
    expect(screen.getByTestId('sheet-count')).toHaveTextContent('33 cards on 2 A4 pages');
    expect(screen.getByTestId('sheet-left-out')).toHaveTextContent('Already redeemed, left out: 17');
    const first = within(pages[0]!).getAllByTestId('code-card')[0]!;
    expect(first).toHaveTextContent('د. أحمد الشريف');
    expect(first).toHaveTextContent('100 LE');
    expect(within(first).getByTestId('card-code')).toHaveTextContent(codeOf(1));
    expect(within(first).getByRole('img')).toHaveAttribute('aria-label', `http://localhost/profile/wallet?code=${codeOf(1)}`);
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
    expect(document.title).toBe('Bioscope | Recharge codes: Maktabat El-Nour');
  });

  it("a term batch's cards name the term they give", async () => {
    openSheet('b4', csvOf(2));
    const cards = await screen.findAllByTestId('code-card');
    expect(cards).toHaveLength(1);
    expect(cards[0]).toHaveTextContent('Whole term: الترم الأول');
  });

  it('a batch whose codes are all redeemed has nothing to print, and says so', async () => {
    openSheet('b1', `\uFEFFcode,state,redeemedBy,redeemedAt\r\n${codeOf(0)},redeemed,Mona,2026-12-01T10:00:00.000Z\r\n`);
    expect(await screen.findByTestId('sheet-note')).toHaveTextContent('Every code of this batch is redeemed: nothing is left to print.');
    expect(screen.queryAllByTestId('code-card')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('a stopped batch has no print link, and its sheet prints nothing: its codes no longer work', async () => {
    openCodes();
    const { unmount } = renderApp('/dashboard/codes');
    const rows = await screen.findAllByTestId('batch-row');
    expect(within(rows[0]!).getByRole('link', { name: 'Print: Maktabat El-Nour' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('link', { name: 'Print: Centre' })).toBeNull();
    unmount();
    openSheet('b2', csvOf(10));
    expect(await screen.findByTestId('sheet-note')).toHaveTextContent('This batch is stopped: its codes no longer work, so there is nothing to print.');
    expect(screen.queryAllByTestId('code-card')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });
});
