/**
 * The teacher's Retry of a video whose preparation failed or is stuck (issue 38): the lecture editor shows
 * the button on those rows only; it starts the transcode again (POST …/video/{videoId}/transcode) and the
 * row follows the lecture read again; a refusal is said in the teacher's words.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { installFakeXhr, lecture, video } from './catalogue-fixtures';

const previewState = { courseId: 'c1', courseFor: 'ثانوي عام', courseName: 'الصف الأول الثانوي', termId: 't1', termName: 'الترم الأول', contentId: 's1', sectionType: 'شرح محاضرات' };

function editor(answer: (url: string, init: RequestInit) => { status: number; body?: unknown } | undefined) {
  storeSession(adminUser);
  installFakeXhr();
  const fetch = mockFetch((url, init) => answer(url, init) ?? (url === '/api/Quiz/AllQuizz' ? { status: 200, body: { data: [] } } : { status: 404, body: { message: 'unexpected ' + url } }));
  renderApp({ pathname: '/dashboard/preview', state: previewState });
  return fetch;
}

const rowsOf = async () => {
  await userEvent.click(await screen.findByRole('button', { name: /Edit/ }));
  return within(screen.getByRole('dialog', { name: 'Edit lecture' })).getAllByTestId('existing-video');
};

describe('/dashboard/preview: Retry a stuck or failed video', () => {
  const videos = (stuckState: Record<string, unknown>) => [
    video({ videoUrl: 'videos/1.webm', state: 'processing', progress: 12, stuck: true, ...stuckState }),
    video({ id: 'v2', videoName: 'Video two', order: 2, videoUrl: 'videos/2.webm', state: 'failed', failure: 'Invalid data found when processing input' }),
    video({ id: 'v3', videoName: 'Video three', order: 3, videoUrl: 'videos/3.webm', state: 'processing', progress: 40 }),
    video({ id: 'v4', videoName: 'Video four', order: 4, videoUrl: 'videos/4.webm', state: 'ready' }),
  ];

  it('shows Retry on the stuck and the failed video only; Retry starts the transcode and the row shows it preparing', async () => {
    let started = false;
    const fetch = editor((url, init) => {
      const now = lecture({ videos: videos(started ? { progress: 0, stuck: undefined } : {}) });
      if (url === '/api/v/lecture/s1') return { status: 200, body: { data: [now] } };
      if (url === '/api/cours/lectureaaa/l1') return { status: 200, body: { data: now } };
      if (url === '/api/AWS/lectures/video/v1/transcode' && init.method === 'POST') {
        started = true;
        return { status: 200, body: { message: 'Video preparation started again', data: videos({ progress: 0, stuck: undefined })[0] } };
      }
      return undefined;
    });
    const rows = await rowsOf();
    await waitFor(() => expect(rows[0]).toHaveTextContent('No progress for a while: Retry starts its preparation again'));
    expect(rows.slice(1).map((r) => r.textContent?.includes('No progress for a while'))).toEqual([false, false, false]);
    expect(rows.map((r) => within(r).queryAllByRole('button', { name: 'Retry' }).length)).toEqual([1, 1, 0, 0]);

    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Retry' }));
    expect(fetch.mock.calls.filter(([url]) => url === '/api/AWS/lectures/video/v1/transcode')).toHaveLength(1);
    await waitFor(() => expect(within(rows[0]!).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument());
    expect(within(rows[0]!).getByTestId('video-state')).toHaveTextContent('Preparing for streaming: 0%');
    expect(rows[0]).not.toHaveTextContent('No progress for a while');
  });

  it("a refusal (409 video.notRetryable) is toasted in the teacher's words", async () => {
    editor((url, init) => {
      const now = lecture({ videos: videos({}) });
      if (url === '/api/v/lecture/s1') return { status: 200, body: { data: [now] } };
      if (url === '/api/cours/lectureaaa/l1') return { status: 200, body: { data: now } };
      if (url === '/api/AWS/lectures/video/v2/transcode' && init.method === 'POST')
        return { status: 409, body: { message: 'Only a video whose preparation failed, or has made no progress for an hour, can be prepared again', code: 'video.notRetryable' } };
      return undefined;
    });
    const rows = await rowsOf();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Only a video whose preparation failed, or has made no progress for an hour, can be prepared again')).toBeInTheDocument();
  });
});
