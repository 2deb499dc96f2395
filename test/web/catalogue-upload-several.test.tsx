import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { FakeXhr, fileOf, installFakeXhr } from './catalogue-fixtures';

const previewState = { courseId: 'c1', courseFor: 'ثانوي عام', courseName: 'الصف الأول الثانوي', termId: 't1', termName: 'الترم الأول', contentId: 's1', sectionType: 'شرح محاضرات' };

/** The signed-URL call answers after a few milliseconds, as a real server does, and honours its abort signal. */
function slowSignedUrl(url: string, init: RequestInit) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const name = new URL(url, 'http://x').searchParams.get('fileName');
    const timer = setTimeout(() => resolve({ status: 200, body: { signedUrl: `http://s3.local/media/${name}`, key: `videos/${name}`, fileUrl: '/media/x', expiresIn: 900 } }), 20);
    init.signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('The operation was aborted.', 'AbortError'));
    });
  });
}

function adminPreview() {
  storeSession(adminUser);
  installFakeXhr();
  const fetch = mockFetch((url, init) => {
    if (url === '/api/v/lecture/s1') return { status: 200, body: { data: [] } };
    if (url === '/api/Quiz/AllQuizz') return { status: 200, body: { data: [] } };
    if (url.startsWith('/api/AWS/get-signed-url')) return slowSignedUrl(url, init);
    return { status: 404, body: { message: 'unexpected ' + url } };
  });
  renderApp({ pathname: '/dashboard/preview', state: previewState });
  return fetch;
}

const threeVideos = () => [fileOf('one.webm', 'video/webm', 3000), fileOf('two.webm', 'video/webm', 4000), fileOf('three.mp4', 'video/mp4', 5000)];

describe('/dashboard/preview: several videos chosen at once (issue 39)', () => {
  it('uploads every chosen video, each with its own progress, none aborted', async () => {
    adminPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lecture' });
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), threeVideos());
    await waitFor(() => expect(FakeXhr.all.map((x) => x.url).sort()).toEqual(['http://s3.local/media/one.webm', 'http://s3.local/media/three.mp4', 'http://s3.local/media/two.webm']));
    const xhr = (name: string) => FakeXhr.all.find((x) => x.url.endsWith(name))!;
    act(() => xhr('one.webm').progress(1500, 3000));
    act(() => xhr('two.webm').progress(1000, 4000));
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading one.webm' })).toHaveAttribute('aria-valuenow', '50');
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading two.webm' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading three.mp4' })).toHaveAttribute('aria-valuenow', '0');
    await act(async () => FakeXhr.all.forEach((x) => x.finish()));
    for (const name of ['one.webm', 'two.webm', 'three.mp4']) expect(within(dialog).getByRole('progressbar', { name: `Uploading ${name}` })).toHaveAttribute('aria-valuenow', '100');
    expect(within(dialog).queryByText('Upload failed')).not.toBeInTheDocument();
  });

  it('a failed upload offers Retry, which uploads the same file again in its row', async () => {
    const fetch = adminPreview();
    await userEvent.click(await screen.findByRole('button', { name: 'Add lecture' }));
    const dialog = screen.getByRole('dialog', { name: 'Add lecture' });
    await userEvent.upload(within(dialog).getByLabelText('Add videos'), threeVideos());
    await waitFor(() => expect(FakeXhr.all).toHaveLength(3));
    const two = FakeXhr.all.find((x) => x.url.endsWith('two.webm'))!;
    await act(async () => two.finish(500));
    const row = within(dialog).getAllByTestId('new-video').find((r) => within(r).queryByText('two.webm'))!;
    expect(within(row).getByText('Upload failed')).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(4));
    expect(within(row).queryByText('Upload failed')).not.toBeInTheDocument();
    await act(async () => FakeXhr.all[3]!.finish());
    expect(within(row).getByRole('progressbar', { name: 'Uploading two.webm' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(dialog).getAllByTestId('new-video')).toHaveLength(3);
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith('/api/AWS/get-signed-url?fileName=two.webm'))).toHaveLength(2);
  });
});
