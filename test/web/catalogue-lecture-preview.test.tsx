import { screen, within } from '@testing-library/react';
import { adminUser, mockFetch, renderApp, storeSession } from './helpers';
import { lecture, video } from './catalogue-fixtures';

describe('/lec/{id} for the teacher: a preview as a student who owns it', () => {
  it('is marked Preview, lists only the videos a student sees (ready ones) and offers no purchase', async () => {
    storeSession(adminUser);
    window.localStorage.setItem('language', 'en');
    mockFetch((url) => {
      if (url === '/api/cours/lectureaaa/l1')
        return {
          status: 200,
          body: {
            data: lecture({
              price: 50,
              isFree: false,
              videos: [video({ id: 'v0', order: 0, videoName: 'Still transcoding', name: 'Still transcoding', state: 'transcoding' }), video({ id: 'v1', order: 1, signedUrl: '/media/hls/a1/master.m3u8', state: 'ready' })],
            }),
          },
        };
      return { status: 200, body: { data: [] } };
    });
    renderApp({ pathname: '/lec/l1', state: null });
    const banner = await screen.findByRole('status', { name: 'Preview as a student' });
    expect(banner).toHaveTextContent('Preview as a student: this is the lecture as a student who bought it sees it. Nothing here is bought or counted.');
    const list = screen.getByRole('complementary', { name: 'Videos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);
    expect(within(list).queryByText('Still transcoding')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Buy the lecture' })).not.toBeInTheDocument();
  });
});
