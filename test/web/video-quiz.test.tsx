import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { lecture, nativeHls, playbackAnswer, video } from './catalogue-fixtures';

/** Issue 39: a lecture's video with a quiz wears a badge, and at its end offers the quiz. */
const lectureWith = (quizPassed: boolean) =>
  lecture({
    videos: [
      video({ quizId: 'q1', quizPassed, signedUrl: 'http://media/v1.webm' }),
      quizPassed ? video({ id: 'v2', videoName: 'Video two', order: 2, signedUrl: 'http://media/v2.webm' }) : video({ id: 'v2', videoName: 'Video two', order: 2, locked: { reason: 'quiz', videoNumber: 1, quizId: 'q1' } }),
    ],
  });

function open(quizPassed: boolean) {
  mockFetch((url) => playbackAnswer(url) ?? (url === '/api/cours/lectureaaa/l1' ? { status: 200, body: { data: lectureWith(quizPassed) } } : { status: 200, body: { data: {} } }));
  return renderApp('/lec/l1');
}

describe("a lecture's videos and their quizzes", () => {
  beforeEach(() => {
    storeSession(studentUser);
    nativeHls();
  });

  it("badges the video with a quiz 'Quiz', and at its end offers the quiz that unlocks the next video (back to that video after)", async () => {
    open(false);
    const player = await screen.findByTestId('player');
    const first = screen.getAllByRole('button').find((b) => b.classList.contains('video-item') && b.textContent?.includes('1'))!;
    expect(within(first).getByTestId('video-quiz-badge')).toHaveTextContent('Quiz');
    expect(screen.getAllByTestId('video-quiz-badge')).toHaveLength(1);
    expect(screen.queryByTestId('player-end-card')).toBeNull();

    fireEvent.ended(screen.getByTestId('lecture-video'));
    const card = within(player).getByTestId('player-end-card');
    expect(card).toHaveTextContent('Take the quiz to unlock the next video');
    const link = within(card).getByRole('link', { name: 'Take the quiz' });
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('id')).toBe('q1');
    expect(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('from')).toBe('/lec/l1?v=v2');
    // Playing again takes the offer away.
    fireEvent.play(screen.getByTestId('lecture-video'));
    expect(screen.queryByTestId('player-end-card')).toBeNull();
  });

  it("says 'Quiz passed' once passed, and offers nothing at the end", async () => {
    open(true);
    await screen.findByTestId('player');
    expect(screen.getByTestId('video-quiz-badge')).toHaveTextContent('Quiz passed');
    fireEvent.ended(screen.getByTestId('lecture-video'));
    expect(screen.queryByTestId('player-end-card')).toBeNull();
  });

  it("closes the 'locked' toast when the student leaves for the quiz", async () => {
    open(false);
    await screen.findByTestId('player');
    await userEvent.click(screen.getByRole('button', { name: /Video two/ }));
    await waitFor(() => expect(document.querySelector('.swal2-toast')).not.toBeNull());
    await userEvent.click(within(screen.getByTestId('locked-video')).getByRole('link', { name: 'Take the quiz' }));
    await waitFor(() => expect(document.querySelector('.swal2-toast')).toBeNull(), { timeout: 1000 });
  });
});
