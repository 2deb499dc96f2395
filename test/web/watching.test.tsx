/**
 * Issue 42 on the web: the player starts at the server's furthest point, a hidden page sends what was
 * played in a beacon (no Authorization: the student's id and playback id), each card shows the share
 * watched, and the teacher sees a video's retention curve with its figures in text (mirrored in Arabic).
 */
import { render, screen, waitFor, fireEvent, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RetentionChart } from '@/components/retention-chart';
import { adminUser, mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { lecture, video } from './catalogue-fixtures';

jest.mock('@/features/catalogue/lib/hls-source', () => jest.requireActual('./hls-stand'));

const PLAYBACK = '/api/AWS/lectures/l1/videos/v1/playback';
const ANALYTICS = '/api/admin/videos/v1/analytics';
const started = { playlistUrl: '/media/hls/a1/master.m3u8', expiresAt: new Date(Date.now() + 3600_000).toISOString(), viewsLeft: null, playbackId: 'p1', resumed: false, rungs: [], encrypted: false, resumeAt: 300, durationSeconds: 600 };
const half = Array.from({ length: 100 }, (_, i) => (i < 50 ? 1 : 0));

function open(user: typeof studentUser | typeof adminUser = studentUser) {
  storeSession(user);
  const fetch = mockFetch((url) =>
    url === '/api/cours/lectureaaa/l1'
      ? { status: 200, body: { data: lecture({ viewLimit: null, videos: [video({ signedUrl: '/media/hls/a1/master.m3u8', viewsLeft: null, watched: { percent: 50, resumeAt: 300, completed: false } })] }) } }
      : url === PLAYBACK
        ? { status: 200, body: started }
        : url === ANALYTICS
          ? { status: 200, body: { data: { viewers: 2, completed: 0, avgWatchedPercent: 50, retention: half } } }
          : { status: 404, body: { message: `unexpected ${url}` } },
  );
  renderApp('/lec/l1');
  return fetch;
}

const textOf = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const playerReady = async () => {
  const el = await screen.findByTestId('lecture-video');
  await waitFor(() => expect(el).toHaveAttribute('src', '/media/hls/a1/master.m3u8'));
  return el as HTMLVideoElement;
};

describe('watching on the web', () => {
  afterEach(() => Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' }));

  it('starts at the furthest point the server gives, and shows the card watched half-way', async () => {
    open();
    const el = await playerReady();
    let at = 0;
    Object.defineProperty(el, 'duration', { configurable: true, get: () => 600 });
    Object.defineProperty(el, 'currentTime', { configurable: true, get: () => at, set: (v: number) => (at = v) });
    fireEvent.loadedMetadata(el);
    expect(at).toBe(300);
    expect(screen.getByText('50% watched')).toBeInTheDocument();
  });

  it('sends what was played in a beacon when the page is hidden: the student id and playback id, no session', async () => {
    const beacon = jest.fn((..._args: [string, Blob]) => true);
    Object.defineProperty(navigator, 'sendBeacon', { configurable: true, value: beacon });
    open();
    const el = await playerReady();
    Object.defineProperty(el, 'played', { configurable: true, get: () => ({ length: 1, start: () => 300, end: () => 342.5 }) });
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(1);
    const [url, blob] = beacon.mock.calls[0]!;
    expect(url).toBe('/api/AWS/lectures/l1/videos/v1/progress/beacon');
    expect([blob.type, JSON.parse(await textOf(blob))]).toEqual(['application/json', { userId: studentUser.id, playbackId: 'p1', watched: [[300, 342.5]] }]);
    // Nothing new played: no second beacon.
    fireEvent(document, new Event('visibilitychange'));
    expect(beacon).toHaveBeenCalledTimes(1);
  });

  it("shows the teacher the selected video's figures and retention curve", async () => {
    open(adminUser);
    const section = await screen.findByTestId('video-analytics');
    await waitFor(() => expect(within(section).getByText('Viewers')).toBeInTheDocument());
    expect(within(section).getByText('Average watched').parentElement).toHaveTextContent('Average watched50%');
    expect(within(section).getByRole('img', { name: /Retention of Video one/ })).toHaveAccessibleDescription(/100% at the start, 0% at the middle, 0% at the end/);
  });
});

describe('RetentionChart', () => {
  const draw = (rtl: boolean) => {
    const { container, unmount } = render(<RetentionChart retention={half} rtl={rtl} title="t" description="d" startLabel="Start" endLabel="End" />);
    const d = container.querySelector('.retention-line')!.getAttribute('d')!;
    unmount();
    return d;
  };
  it('runs with the reading direction: the start on the left in English, on the right in Arabic', () => {
    expect(draw(false).startsWith('M0.0,0.0')).toBe(true);
    expect(draw(true).startsWith('M300.0,0.0')).toBe(true);
  });
});

describe('the users list', () => {
  it('sorts by last active when asked', async () => {
    storeSession(adminUser);
    const fetch = mockFetch((url) => (url.startsWith('/api/admin/allusers') ? { status: 200, body: { data: [], page: 1, limit: 10, total: 0, pages: 0 } } : { status: 404, body: { message: `unexpected ${url}` } }));
    renderApp('/dashboard/users');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Latest active first' }));
    await waitFor(() => expect(fetch.mock.calls.map(([u]) => String(u)).at(-1)).toBe('/api/admin/allusers?page=1&sort=lastActive'));
  });
});
