/**
 * Issue 43, /parent: one card per child (school year, last active, watch time of the last 8 weeks as
 * a row of bars, lectures owned, quiz results), linking another child with a code, and the weekly
 * report's two switches — in English and in Arabic (Arabic digits, right to left).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bodyOf, mockFetch, renderApp } from './helpers';
import { child, report, storeParentSession } from './parents-fixtures';

type Answer = { status: number; body?: unknown };
type Handler = (url: string, init: RequestInit) => Answer | undefined;

function open({ children = [child()], handler = (() => undefined) as Handler, language = undefined as 'ar' | undefined, settings = { reportEmail: true, reportWhatsApp: true } } = {}) {
  storeParentSession(language);
  const fetch = mockFetch((url, init) => {
    const own = handler(url, init);
    if (own) return own;
    if (url === '/api/parent/children') return { status: 200, body: { data: children } };
    if (url === '/api/parent/children/s1/report') return { status: 200, body: { data: report() } };
    if (url === '/api/parent/children/s2/report') return { status: 200, body: { data: report({ child: child({ id: 's2', firstName: 'Omar' }), lectures: [], quizResults: [], weeks: [], lastActiveAt: null }) } };
    if (url === '/api/parent/settings') return { status: 200, body: { data: settings } };
    return { status: 404, body: { message: `unexpected ${url}` } };
  });
  return { fetch, ...renderApp('/parent') };
}

describe('/parent: my children', () => {
  it("shows a child's card: school year, last active, the 8 weeks' watch time, lectures and quiz results", async () => {
    open();
    expect(await screen.findByRole('heading', { name: 'My children' })).toBeInTheDocument();
    const card = await screen.findByTestId('child-card');
    expect(within(card).getByRole('heading', { name: 'Mona Hassan' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Second year');
    expect(within(card).getByTestId('last-active')).toHaveTextContent('5 Dec 2026');

    const weeks = await within(card).findAllByTestId('week');
    expect(weeks).toHaveLength(8);
    // Oldest first in reading order, so this week ends the row.
    expect(weeks.map((w) => w.getAttribute('aria-label'))).toEqual([
      'Week to 19 Oct 2026: 50 min',
      'Week to 26 Oct 2026: 20 min',
      'Week to 2 Nov 2026: 0 min',
      'Week to 9 Nov 2026: 10 min',
      'Week to 16 Nov 2026: 90 min',
      'Week to 23 Nov 2026: 0 min',
      'Week to 30 Nov 2026: 30 min',
      'Week to 7 Dec 2026: 45 min',
    ]);
    expect(within(card).getByText('This week: 45 min')).toBeInTheDocument();

    const lectures = within(card).getAllByTestId('child-lecture');
    expect(lectures.map((l) => l.textContent)).toEqual([expect.stringContaining('انقسام الخلية'), expect.stringContaining('Genetics')]);
    expect(lectures[0]).toHaveTextContent('Biology 2');
    expect(lectures[0]).toHaveTextContent('until 3 Jan 2027');

    const results = within(card).getAllByTestId('child-quiz');
    expect(results[0]).toHaveTextContent('Cell quiz');
    expect(results[0]).toHaveTextContent('7 / 10');
    expect(results[0]).toHaveTextContent('Passed');
    expect(results[0]).toHaveTextContent('4 Dec 2026');
    expect(results[1]).toHaveTextContent('اختبار الوراثة');
    expect(results[1]).toHaveTextContent('Not passed');
  });

  it('shows one card per child, and says so when a child has nothing yet', async () => {
    open({ children: [child(), child({ id: 's2', firstName: 'Omar', lastActiveAt: null })] });
    const cards = await screen.findAllByTestId('child-card');
    expect(cards).toHaveLength(2);
    const omar = cards[1]!;
    expect(within(omar).getByRole('heading', { name: 'Omar Hassan' })).toBeInTheDocument();
    expect(await within(omar).findByText('No lectures yet.')).toBeInTheDocument();
    expect(within(omar).getByText('No quiz results yet.')).toBeInTheDocument();
    expect(within(omar).getByTestId('last-active')).toHaveTextContent('Not yet');
  });

  it('in Arabic: right to left, Arabic digits, Arabic words', async () => {
    open({ language: 'ar' });
    expect(await screen.findByRole('heading', { name: 'أبنائي' })).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
    const card = await screen.findByTestId('child-card');
    expect(card).toHaveTextContent('الصف الثاني');
    const weeks = await within(card).findAllByTestId('week');
    expect(weeks[7]).toHaveAttribute('aria-label', expect.stringContaining('٤٥ دقيقة'));
    expect(within(card).getByText('هذا الأسبوع: ٤٥ دقيقة')).toBeInTheDocument();
    const results = within(card).getAllByTestId('child-quiz');
    expect(results[0]).toHaveTextContent('٧ من ١٠');
    expect(results[0]).toHaveTextContent('ناجح');
  });

  it('says when no child is linked yet, with the code box', async () => {
    open({ children: [] });
    expect(await screen.findByText('No child is linked yet. Type the invite code your child made on their profile.')).toBeInTheDocument();
    expect(screen.getByLabelText('Invite code')).toBeInTheDocument();
  });

  it('links another child with a code typed any way, and shows the new card', async () => {
    const user = userEvent.setup();
    let linked = false;
    const { fetch } = open({
      handler: (url, init) => {
        if (url === '/api/parent/children' && init.method === 'POST') {
          linked = true;
          return { status: 201, body: { data: child({ id: 's2', firstName: 'Omar' }) } };
        }
        return undefined;
      },
    });
    await screen.findByTestId('child-card');
    await user.type(screen.getByLabelText('Invite code'), 'abcd-efgh');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(linked).toBe(true));
    const post = fetch.mock.calls.findIndex(([u, i]) => u === '/api/parent/children' && (i as RequestInit).method === 'POST');
    expect(bodyOf(fetch, post)).toEqual({ code: 'ABCDEFGH' });
    expect(await screen.findByText('Omar Hassan is linked')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId('child-card')).toHaveLength(2));
    expect(screen.getByLabelText('Invite code')).toHaveValue('');
  });

  it.each([
    ['en', 400, 'parent.codeInvalid', 'This code is wrong, expired or already used. Ask your child for a new one.'],
    ['ar', 400, 'parent.codeInvalid', 'هذا الكود غير صحيح أو انتهت صلاحيته أو استُخدم من قبل. اطلب من ابنك كودًا جديدًا.'],
    ['en', 409, 'parent.alreadyLinked', 'This child is already linked to you.'],
    ['ar', 409, 'parent.alreadyLinked', 'هذا الابن مرتبط بك بالفعل.'],
    ['en', 409, 'parent.tooMany', 'This child has four parents linked already.'],
    ['ar', 409, 'parent.tooMany', 'هذا الابن مرتبط بأربعة أولياء أمور بالفعل.'],
  ] as const)('(%s) says a refused code (%i %s) on the code box', async (language, status, code, text) => {
    const user = userEvent.setup();
    open({
      language: language === 'ar' ? 'ar' : undefined,
      handler: (url, init) => (url === '/api/parent/children' && init.method === 'POST' ? { status, body: { message: 'refused', code } } : undefined),
    });
    await screen.findByTestId('child-card');
    const box = screen.getByLabelText(language === 'ar' ? 'كود الدعوة' : 'Invite code');
    await user.type(box, 'ABCD-EFGH');
    await user.click(screen.getByRole('button', { name: language === 'ar' ? 'ربط' : 'Link' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(expect.stringContaining(text)));
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByTestId('child-card')).toHaveLength(1);
  });

  it('asks nothing for a code that cannot be one', async () => {
    const user = userEvent.setup();
    const { fetch } = open();
    await screen.findByTestId('child-card');
    const box = screen.getByLabelText('Invite code');
    await user.type(box, 'ABC');
    await user.click(screen.getByRole('button', { name: 'Link' }));
    await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
    expect(fetch.mock.calls.some(([u, i]) => u === '/api/parent/children' && (i as RequestInit).method === 'POST')).toBe(false);
  });

  it("shows the weekly report's switches and turns one off with one tap", async () => {
    const user = userEvent.setup();
    const { fetch } = open({
      handler: (url, init) => (url === '/api/parent/settings' && init.method === 'PATCH' ? { status: 200, body: { data: { reportEmail: true, reportWhatsApp: false } } } : undefined),
    });
    const whatsApp = await screen.findByRole('switch', { name: 'By WhatsApp' });
    const email = screen.getByRole('switch', { name: 'By e-mail' });
    await waitFor(() => expect(whatsApp).toBeChecked());
    expect(email).toBeChecked();
    await user.click(whatsApp);
    await waitFor(() => expect(whatsApp).not.toBeChecked());
    const patch = fetch.mock.calls.findIndex(([u, i]) => u === '/api/parent/settings' && (i as RequestInit).method === 'PATCH');
    expect(bodyOf(fetch, patch)).toEqual({ reportWhatsApp: false });
    expect(email).toBeChecked();
  });

  it('keeps a switch as it was when saving fails, and says so', async () => {
    const user = userEvent.setup();
    open({
      language: 'ar',
      handler: (url, init) => (url === '/api/parent/settings' && init.method === 'PATCH' ? { status: 500, body: { message: 'Internal error', code: 'internal' } } : undefined),
    });
    const email = await screen.findByRole('switch', { name: 'بالبريد الإلكتروني' });
    await waitFor(() => expect(email).toBeChecked());
    await user.click(email);
    expect(await screen.findByText('تعذر حفظ الإعداد.')).toBeInTheDocument();
    expect(email).toBeChecked();
  });

  it("says when a child's report could not be loaded, with a retry", async () => {
    let fail = true;
    open({ handler: (url) => (url === '/api/parent/children/s1/report' && fail ? { status: 500, body: { message: 'Internal error', code: 'internal' } } : undefined) });
    const card = await screen.findByTestId('child-card');
    expect(await within(card).findByText("This child's report could not be loaded.")).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Try again' }));
    expect(await within(card).findAllByTestId('week')).toHaveLength(8);
  });
});
