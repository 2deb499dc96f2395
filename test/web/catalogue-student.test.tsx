import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { lecture, nativeHls, playbackAnswer, video } from './catalogue-fixtures';

const trail = {
  breadcrumb: [
    { name: 'Home', url: '/' },
    { name: 'الصف الأول الثانوي / ثانوي عام', url: '/', courseId: 'c1', courseFor: 'ثانوي عام' },
  ],
};

describe('/term', () => {
  it('without navigation state goes home', async () => {
    storeSession(studentUser);
    mockFetch(() => ({ status: 200, body: { data: [] } }));
    const { location } = renderApp('/term');
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('lists the terms; a locked term shows a lock and cannot be opened', async () => {
    storeSession(studentUser);
    const fetch = mockFetch(() => ({
      status: 200,
      body: {
        data: [
          { id: 't1', name: 'الترم الأول', courseFor: 'ثانوي عام', isLocked: false },
          { id: 't2', name: 'الترم الثاني', courseFor: 'ثانوي عام', isLocked: true },
        ],
      },
    }));
    const { router } = renderApp({ pathname: '/term', state: trail });
    expect(await screen.findByRole('link', { name: 'الترم الأول' })).toHaveAttribute('href', '/content');
    expect(fetch.mock.calls[0]![0]).toBe(`/api/cours/Term/${encodeURIComponent('ثانوي عام')}/c1`);

    const locked = screen.getByTestId('locked-term');
    expect(within(locked).getByText('الترم الثاني')).toBeInTheDocument();
    expect(within(locked).getByText('Locked')).toBeInTheDocument();
    // Issue 9: it says why it does not open.
    expect(within(locked).getByText('The teacher has not opened this term yet.')).toBeInTheDocument();
    expect(locked.closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: /الترم الثاني/ })).not.toBeInTheDocument();
    await userEvent.click(locked);
    expect(router.state.location.pathname).toBe('/term');

    // The breadcrumb: Home, then the grade and track.
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(crumbs).getByText('الصف الأول الثانوي / ثانوي عام')).toBeInTheDocument();
  });
});

describe('/content', () => {
  const contentTrail = { breadcrumb: [...trail.breadcrumb, { name: 'الترم الأول', url: '/content', termId: 't1', courseId: 'c1', courseFor: 'ثانوي عام' }] };

  it('a locked term (403) toasts the message and goes back', async () => {
    storeSession(studentUser);
    mockFetch(() => ({ status: 403, body: { message: 'This term is locked' } }));
    const { router } = renderApp({ pathname: '/term', state: trail });
    await router.navigate('/content', { state: contentTrail });
    expect(await screen.findByText('This term is locked')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/term'));
  });

  it('shows the sections and the lectures: free opens /lec, paid leads to /pay with the lecture', async () => {
    storeSession(studentUser);
    mockFetch((url) => {
      if (url === '/api/cours/content/t1')
        return { status: 200, body: { data: [{ id: 's1', content: 'شرح محاضرات', termId: 't1' }, { id: 's3', content: 'Quiz', termId: 't1' }] } };
      if (url === '/api/cours/lecture/s1')
        return { status: 200, body: { data: [lecture(), lecture({ id: 'l2', lectureName: 'الانقسام الميوزي', name: 'الانقسام الميوزي', price: 150, isFree: false, photoUrl: '/media/images/l2.png' })] } };
      return { status: 404, body: { message: 'no' } };
    });
    const { router } = renderApp({ pathname: '/content', state: contentTrail });
    const free = await screen.findByRole('link', { name: /انقسام الخلية/ });
    expect(free).toHaveAttribute('href', '/lec/l1');
    expect(within(free).getByText('free')).toBeInTheDocument();
    const paid = screen.getByRole('link', { name: /الانقسام الميوزي/ });
    expect(paid).toHaveAttribute('href', '/pay');
    expect(within(paid).getByText('150 LE')).toBeInTheDocument();

    await userEvent.click(paid);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pay'));
    const last = (router.state.location.state as typeof contentTrail).breadcrumb.at(-1);
    expect(last).toMatchObject({ id: 'l2', price: 150, photoUrl: '/media/images/l2.png', lectureName: 'الانقسام الميوزي' });
  });

  it('a Quiz section lists its quizzes (none yet: says so), and an empty section shows the no-content text', async () => {
    storeSession(studentUser);
    mockFetch((url) => {
      if (url === '/api/cours/content/t1')
        return { status: 200, body: { data: [{ id: 's2', content: 'حل امتحانات', termId: 't1' }, { id: 's3', content: 'Quiz', termId: 't1' }] } };
      return { status: 200, body: { data: [] } };
    });
    renderApp({ pathname: '/content', state: contentTrail });
    expect(await screen.findByText('لم يتم العثور على محتوى.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Quiz' }));
    expect(await screen.findByText('No quizzes in this section yet.')).toBeInTheDocument();
  });

  it("a Quiz section's quizzes link to /quiz with the quiz id in the state and in ?id=", async () => {
    storeSession(studentUser);
    const fetch = mockFetch((url) => {
      if (url === '/api/cours/content/t1') return { status: 200, body: { data: [{ id: 's3', content: 'Quiz', termId: 't1' }] } };
      if (url === '/api/Quizz/section/s3')
        return { status: 200, body: { data: [{ id: 'q1', title: 'اختبار الخلية', description: 'عشرة أسئلة', imageUrl: null, createdAt: '2026-01-01T00:00:00Z', questionCount: 10, settings: { revealAnswers: false, timeLimitMinutes: 15, maxAttempts: null, shuffle: false }, contentId: 's3' }] } };
      if (url === '/api/Quizz/q1') return { status: 500, body: { message: 'boom' } };
      return { status: 200, body: { data: [] } };
    });
    const { router } = renderApp({ pathname: '/content', state: contentTrail });
    const link = await screen.findByRole('link', { name: 'Take the quiz اختبار الخلية' });
    expect(link).toHaveAttribute('href', '/quiz?id=q1');
    expect(within(link).getByText('10 questions')).toBeInTheDocument();
    expect(within(link).getByText('Time limit: 15 minutes')).toBeInTheDocument();
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/quiz'));
    expect(router.state.location.state).toEqual({ quizId: 'q1' });
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url === '/api/Quizz/q1')).toBe(true));
  });
});

describe('/lec/{id}', () => {
  it('plays the first watchable video (its playback started: the HLS playlist) and lists the videos', async () => {
    storeSession(studentUser);
    nativeHls();
    mockFetch(
      (url) =>
        playbackAnswer(url) ?? {
          status: 200,
          body: { data: lecture({ videos: [video({ signedUrl: '/media/hls/v1/master.m3u8' }), video({ id: 'v2', videoName: 'Video two', order: 2, signedUrl: '/media/hls/v2/master.m3u8' })] }) },
        },
    );
    renderApp('/lec/l1');
    const player = await screen.findByTestId('lecture-video');
    await waitFor(() => expect(player).toHaveAttribute('src', '/media/hls/v1/master.m3u8'));
    // Our own controls (the fullscreen box holds the watermark), not the browser's.
    expect(player).not.toHaveAttribute('controls');
    expect(player).toHaveAttribute('playsinline');
    expect(player).toHaveAttribute('preload', 'metadata');
    await userEvent.click(screen.getByRole('button', { name: /Video two/ }));
    await waitFor(() => expect(screen.getByTestId('lecture-video')).toHaveAttribute('src', '/media/hls/v2/master.m3u8'));
  });

  it("a locked video click shows 'هذا الفيديو مقفل' with the server's reason and a link to that quiz", async () => {
    storeSession(studentUser);
    mockFetch(() => ({
      status: 200,
      body: {
        data: lecture({
          videos: [
            video({ quizId: 'q1', signedUrl: 'http://media/v1.webm' }),
            video({ id: 'v2', videoName: 'Video two', order: 2, quizId: 'q2' }),
            // The server names the quiz: video 1's, not the nearest earlier one with a quiz.
            video({ id: 'v3', videoName: 'Video three', order: 3, locked: { reason: 'quiz', videoNumber: 1, quizId: 'q1' } }),
          ],
        }),
      },
    }));
    const { router } = renderApp('/lec/l1');
    await screen.findByTestId('lecture-video');
    await userEvent.click(screen.getByRole('button', { name: /Video three/ }));
    // The toast and the player both say it.
    await waitFor(() => expect(screen.getAllByText('هذا الفيديو مقفل')).toHaveLength(2));
    expect(screen.getAllByText('You must pass the quiz of video 1 first.')).toHaveLength(2);
    const panel = screen.getByTestId('locked-video');
    expect(within(panel).getByText('هذا الفيديو مقفل')).toBeInTheDocument();
    expect(within(panel).getByText('You must pass the quiz of video 1 first.')).toBeInTheDocument();
    expect(screen.queryByTestId('lecture-video')).not.toBeInTheDocument();
    const take = within(panel).getByRole('link', { name: 'Take the quiz' });
    expect(take).toHaveAttribute('href', `/quiz?id=q1&from=${encodeURIComponent('/lec/l1?v=v3')}`);
    await userEvent.click(take);
    await waitFor(() => expect(router.state.location.pathname).toBe('/quiz'));
    expect(router.state.location.state).toEqual({ quizId: 'q1', returnTo: '/lec/l1?v=v3' });
  });

  it('a paid lecture without a URL says so and links to buy it', async () => {
    storeSession(studentUser);
    mockFetch(() => ({ status: 200, body: { data: lecture({ price: 150, isFree: false, videos: [video()] }) } }));
    renderApp('/lec/l1');
    expect(await screen.findByText('This lecture is paid. Buy it to watch its videos.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Buy the lecture' })).toHaveAttribute('href', '/pay');
    expect(screen.queryByTestId('lecture-video')).not.toBeInTheDocument();
  });
});
