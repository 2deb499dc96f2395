import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QUIZ_STATUS_RECHECK_MS } from '@shared/constants';
import { getLectureApi } from '@/features/catalogue/api/get-lecture';
import { api } from '@/lib/api';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { lecture, nativeHls, playbackAnswer, video } from './catalogue-fixtures';
import { quizView, result } from './quiz-fixtures';

const lectureWith = (unlocked: boolean) =>
  lecture({
    videos: [
      video({ quizId: 'q1', signedUrl: 'http://media/v1.webm' }),
      unlocked ? video({ id: 'v2', videoName: 'Video two', order: 2, signedUrl: 'http://media/v2.webm' }) : video({ id: 'v2', videoName: 'Video two', order: 2, locked: { reason: 'quiz', videoNumber: 1, quizId: 'q1' } }),
    ],
  });
const lectureCalls = (fn: jest.Mock) => fn.mock.calls.filter(([u]) => u === '/api/cours/lectureaaa/l1').length;

describe('the player gate', () => {
  beforeEach(() => {
    storeSession(studentUser);
    nativeHls();
  });

  it('a locked video opens in place once the lecture is read again (the recheck), saying the status is loading meanwhile', async () => {
    let passed = false;
    let releaseRecheck: () => void = () => {};
    const fetch = mockFetch((url) => {
      const playback = playbackAnswer(url);
      if (playback) return playback;
      if (url !== '/api/cours/lectureaaa/l1') return { status: 200, body: { data: {} } };
      if (!passed) return { status: 200, body: { data: lectureWith(false) } };
      return new Promise((resolve) => (releaseRecheck = () => resolve({ status: 200, body: { data: lectureWith(true) } })));
    });
    const { store } = renderApp('/lec/l1');
    await screen.findByTestId('lecture-video');
    await userEvent.click(screen.getByRole('button', { name: /Video two/ }));
    const panel = await screen.findByTestId('locked-video');
    expect(within(panel).getByText('You must pass the quiz of video 1 first.')).toBeInTheDocument();

    // The quiz is passed elsewhere; the recheck invalidates QuizStatus and the lecture is read again.
    passed = true;
    act(() => {
      store.dispatch(api.util.invalidateTags(['QuizStatus']));
    });
    expect(await within(panel).findByText('The quiz status is still loading.')).toBeInTheDocument();
    expect(within(panel).queryByRole('link', { name: 'Take the quiz' })).not.toBeInTheDocument();
    await act(async () => releaseRecheck());
    // Video two plays here, no page reload.
    await waitFor(() => expect(screen.getByTestId('lecture-video')).toHaveAttribute('src', '/media/hls/v2/master.m3u8'));
    expect(screen.queryByTestId('locked-video')).not.toBeInTheDocument();
    expect(lectureCalls(fetch)).toBe(2);
  });

  it('the video playing keeps its playback when the recheck reads the lecture again (it does not start over)', async () => {
    let n = 0;
    const fetch = mockFetch((url) => {
      const playback = playbackAnswer(url);
      if (playback) return playback;
      // The lecture's reads (the course list for its breadcrumb is another call).
      if (url !== '/api/cours/lectureaaa/l1') return { status: 200, body: { data: [] } };
      n++;
      return { status: 200, body: { data: lecture({ videos: [video({ signedUrl: '/media/hls/v1/master.m3u8' })] }) } };
    });
    const playbacks = () => fetch.mock.calls.filter(([u]) => String(u).endsWith('/playback')).length;
    const { store } = renderApp('/lec/l1');
    const el = await screen.findByTestId('lecture-video');
    await waitFor(() => expect(el).toHaveAttribute('src', '/media/hls/v1/master.m3u8'));
    act(() => {
      store.dispatch(api.util.invalidateTags(['QuizStatus']));
    });
    await waitFor(() => expect(n).toBe(2));
    await act(async () => {});
    expect(screen.getByTestId('lecture-video')).toBe(el);
    expect(playbacks()).toBe(1);
  });

  it(`a quiz submit rechecks the status ${QUIZ_STATUS_RECHECK_MS} ms later: the lecture is refetched, not before`, async () => {
    const fetch = mockFetch((url) => {
      if (url === '/api/cours/lectureaaa/l1') return { status: 200, body: { data: lectureWith(false) } };
      if (url === '/api/Quizz/q1') return { status: 200, body: { data: quizView() } };
      if (url === '/api/Quizz/submit/q1') return { status: 200, body: { message: 'ok', data: result() } };
      if (url === '/api/Quizz/attempts/q1') return { status: 200, body: { data: [] } };
      return { status: 200, body: { data: {} } };
    });
    const { store } = renderApp({ pathname: '/quiz', search: '?id=q1&from=%2Flec%2Fl1%3Fv%3Dv2', state: { quizId: 'q1', returnTo: '/lec/l1?v=v2' } });
    // A lecture the student has open (another tab of the app's cache, or the player).
    const sub = store.dispatch(getLectureApi.endpoints.getLecture.initiate('l1'));
    await waitFor(() => expect(lectureCalls(fetch)).toBe(1));
    const questions = await screen.findAllByTestId('quiz-question');
    await userEvent.click(within(questions[0]!).getByRole('radio', { name: '46' }));
    await userEvent.click(within(questions[1]!).getByRole('radio', { name: 'True' }));
    // Timed from the click: the recheck's timer starts when the submit has answered, after it (the
    // result's render can come a few hundred ms later on a loaded machine).
    const submittedAt = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    await screen.findByTestId('quiz-result');
    expect(lectureCalls(fetch)).toBe(1);
    await waitFor(() => expect(lectureCalls(fetch)).toBe(2), { timeout: 2000 });
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(QUIZ_STATUS_RECHECK_MS - 20);
    // The way back to the lecture and the video the quiz was taken for.
    expect(screen.getByRole('link', { name: 'Back to the lecture' })).toHaveAttribute('href', '/lec/l1?v=v2');
    sub.unsubscribe();
  });
});
