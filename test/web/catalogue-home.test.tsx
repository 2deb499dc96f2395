import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LOGO_ROTATION_MS } from '@shared/constants';
import { deferredFetch, mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { course } from './catalogue-fixtures';

describe('home page', () => {
  it('signed out: the login button and the grades message, and no course call', async () => {
    const fetch = mockFetch(() => ({ status: 200, body: { data: [] } }));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'الصفوف الدراسية' })).toBeInTheDocument();
    expect(screen.getByText('للوصول للصفوف الدراسية الرجاء تسجيل الدخول')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'تسجيل الدخول' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByTestId('grade-card')).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
    await waitFor(() => expect(document.title).toBe('Bioscope | Home'));
  });

  it('shows the why-section with its six items', async () => {
    mockFetch(() => ({ status: 200 }));
    renderApp('/');
    const why = await screen.findByRole('region', { name: 'Why Bioscope?' });
    expect(within(why).getAllByRole('listitem')).toHaveLength(6);
    expect(within(why).getByText('Lecture explanations')).toBeInTheDocument();
    expect(within(why).getByText('Available from anywhere')).toBeInTheDocument();
  });

  it('signed in: a loading indicator, then the grade cards (default image) and no login button', async () => {
    storeSession(studentUser);
    const { fn, release } = deferredFetch();
    renderApp('/');
    // The grade cards' code loading, then their list: one 'Loading the grades' while both last.
    await waitFor(() => expect(screen.getByLabelText('Loading the grades')).toBeInTheDocument());
    expect(screen.queryByText('للوصول للصفوف الدراسية الرجاء تسجيل الدخول')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'تسجيل الدخول' })).not.toBeInTheDocument();
    // Spec 6: the course list carries the raw token, not a Bearer one.
    await waitFor(() => expect(fn).toHaveBeenCalled());
    const [url, init] = fn.mock.calls[0]!;
    expect(url).toBe('/api/cours/all');
    expect((init as RequestInit).headers).toMatchObject({ Authorization: expect.not.stringMatching(/^Bearer /) });

    release({ status: 200, body: { data: [course(), course({ id: 'c2', name: 'الصف الثاني الثانوي', imageUrl: '/media/images/c2.png' })] } });
    const cards = await screen.findAllByTestId('grade-card');
    expect(cards).toHaveLength(2);
    // The student's own school year (Second year) first.
    expect(within(cards[1]!).getByRole('heading', { name: 'الصف الأول الثانوي' })).toBeInTheDocument();
    expect(cards[1]!.querySelector('img')).toHaveAttribute('src', 'test-file-stub');
    expect(cards[0]!.querySelector('img')).toHaveAttribute('src', '/media/images/c2.png');
  });

  it('a tap opens the two track links, which go to /term with the breadcrumb and course state', async () => {
    storeSession(studentUser);
    mockFetch((url) => (url === '/api/cours/all' ? { status: 200, body: { data: [course()] } } : { status: 200, body: { data: [] } }));
    const { router } = renderApp('/');
    const card = await screen.findByTestId('grade-card');
    const face = within(card).getByRole('button', { name: /الصف الأول الثانوي/ });
    expect(face).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(face);
    expect(face).toHaveAttribute('aria-expanded', 'true');
    expect(card).toHaveClass('is-open');

    await userEvent.click(within(card).getByRole('link', { name: 'ثانوي لغات' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/term'));
    expect(router.state.location.state).toEqual({
      breadcrumb: [
        { name: 'Home', url: '/' },
        { name: 'الصف الأول الثانوي / ثانوي لغات', url: '/', courseId: 'c1', courseFor: 'ثانوي لغات' },
      ],
    });
  });

  it('signed in: the grades come before the hero; a card says what a tap does and a second tap closes it', async () => {
    storeSession(studentUser);
    mockFetch((url) => (url === '/api/cours/all' ? { status: 200, body: { data: [course()] } } : { status: 200, body: { data: [] } }));
    renderApp('/');
    const card = await screen.findByTestId('grade-card');
    const grades = screen.getByRole('heading', { name: 'الصفوف الدراسية' });
    const hero = screen.getByRole('heading', { name: 'د. أحمد الشريف' });
    expect(grades.compareDocumentPosition(hero) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Why Bioscope?' }).compareDocumentPosition(grades) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();

    const face = within(card).getByRole('button', { name: /الصف الأول الثانوي/ });
    expect(face).toHaveAccessibleDescription('Tap the picture to choose ثانوي عام or ثانوي لغات');
    await userEvent.click(face);
    expect(card).toHaveClass('is-open');
    expect(within(card).getByText('Tap the picture again to close')).toBeInTheDocument();
    await userEvent.click(face);
    expect(face).toHaveAttribute('aria-expanded', 'false');
    expect(card).not.toHaveClass('is-open');
    // Open, the band lies over the picture: a tap on the band itself closes too.
    await userEvent.click(face);
    await userEvent.click(card.querySelector<HTMLElement>('.grade-tracks')!);
    expect(card).not.toHaveClass('is-open');
  });

  it('signed out: the hero first and the grades last, as the spec lays them out', async () => {
    mockFetch(() => ({ status: 200, body: { data: [] } }));
    renderApp('/');
    const grades = await screen.findByRole('heading', { name: 'الصفوف الدراسية' });
    expect(screen.getByRole('region', { name: 'Why Bioscope?' }).compareDocumentPosition(grades) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByTestId('continue-card')).not.toBeInTheDocument();
  });

  it("'continue where you stopped': the last term opened comes back at the top of the home, for its user only", async () => {
    storeSession(studentUser);
    const trail = {
      breadcrumb: [
        { name: 'Home', url: '/' },
        { name: 'الصف الأول الثانوي / ثانوي عام', url: '/term', courseId: 'c1', courseFor: 'ثانوي عام' },
        { name: 'الترم الأول', url: '/content', courseId: 'c1', courseFor: 'ثانوي عام', termId: 't1' },
      ],
    };
    mockFetch((url) => {
      if (url === '/api/cours/all') return { status: 200, body: { data: [course()] } };
      if (url === '/api/cours/content/t1') return { status: 200, body: { data: [{ id: 's1', content: 'شرح محاضرات', termId: 't1' }] } };
      return { status: 200, body: { data: [] } };
    });
    // Opening a term remembers it.
    const first = renderApp({ pathname: '/content', state: trail });
    await waitFor(() => expect(JSON.parse(localStorage.getItem('lastVisit') ?? 'null')).toEqual({ userId: 'u1', trail }));
    first.unmount();

    const { router } = renderApp('/');
    const resume = await screen.findByTestId('continue-card');
    expect(resume).toHaveTextContent('Continue where you stopped');
    expect(resume).toHaveTextContent('الترم الأول');
    expect(resume.compareDocumentPosition(screen.getByRole('heading', { name: 'الصفوف الدراسية' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(resume);
    await waitFor(() => expect(router.state.location.pathname).toBe('/content'));
    expect(router.state.location.state).toEqual(trail);
  });

  it("another user's last term is not offered", async () => {
    storeSession(studentUser);
    localStorage.setItem('lastVisit', JSON.stringify({ userId: 'someone-else', trail: { breadcrumb: [{ name: 'Home', url: '/' }, { name: 'x', url: '/' }, { name: 't', url: '/content', termId: 't9' }] } }));
    mockFetch((url) => (url === '/api/cours/all' ? { status: 200, body: { data: [course()] } } : { status: 200, body: { data: [] } }));
    renderApp('/');
    await screen.findByTestId('grade-card');
    expect(screen.queryByTestId('continue-card')).not.toBeInTheDocument();
    expect(localStorage.getItem('lastVisit')).toBeNull();
  });

  describe('logo', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('rotates among three images every 3000 ms', async () => {
      mockFetch(() => ({ status: 200 }));
      renderApp('/');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(0);
      });
      const logo = await screen.findByRole('img', { name: 'Bioscope' });
      expect(logo.querySelectorAll('img')).toHaveLength(3);
      expect(logo).toHaveAttribute('data-logo-index', '0');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(LOGO_ROTATION_MS - 1);
      });
      expect(logo).toHaveAttribute('data-logo-index', '0');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(1);
      });
      expect(logo).toHaveAttribute('data-logo-index', '1');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(LOGO_ROTATION_MS * 2);
      });
      expect(logo).toHaveAttribute('data-logo-index', '0');
      expect(logo.querySelectorAll('img.is-shown')).toHaveLength(1);
    });
  });
});
