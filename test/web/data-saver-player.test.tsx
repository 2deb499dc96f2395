/**
 * Issue 44: the data saver in the lecture's player. hls.js does not run in jsdom: lib/hls-source is
 * replaced by a stand-in reporting a four-rung ladder (a 180p lowest, as the ladder may now have)
 * and recording what the player asks of it (the saver at attach, setDataSaver, setLevel) and
 * letting the test report loaded bytes and the rung playing, as hls.js's events would.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SourceOptions } from '@/features/catalogue/lib/hls-source';
import { setDataSaver } from '@/features/catalogue/lib/data-saver';
import { mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { lecture, video } from './catalogue-fixtures';

const LEVELS = [
  { index: 0, height: 180, bandwidth: 180_000 },
  { index: 1, height: 240, bandwidth: 400_000 },
  { index: 2, height: 360, bandwidth: 700_000 },
  { index: 3, height: 720, bandwidth: 2_400_000 },
];
const source = { setLevel: jest.fn(), setDataSaver: jest.fn(), start: jest.fn(), destroy: jest.fn() };
jest.mock('@/features/catalogue/lib/hls-source', () => ({
  loadHls: jest.fn(async () => ({ stand: 'hls.js' })),
  attachHls: jest.fn((_hls: unknown, el: HTMLVideoElement, url: string, options: SourceOptions) => {
    el.setAttribute('src', url);
    options.onLevels?.(LEVELS);
    return { levels: LEVELS, ...source };
  }),
}));
const attachHls = () => jest.requireMock<{ attachHls: jest.Mock }>('@/features/catalogue/lib/hls-source').attachHls;
const options = () => attachHls().mock.calls[0]![3] as SourceOptions;

const PLAYBACK = '/api/AWS/lectures/l1/videos/v1/playback';
function open(language?: 'ar') {
  storeSession(studentUser);
  if (language) window.localStorage.setItem('language', language);
  mockFetch((url) =>
    url === '/api/cours/lectureaaa/l1'
      ? { status: 200, body: { data: lecture({ viewLimit: null, videos: [video({ signedUrl: '/media/hls/a1/master.m3u8', viewsLeft: null })] }) } }
      : url === PLAYBACK
        ? { status: 200, body: { playlistUrl: '/media/hls/a1/master.m3u8', expiresAt: '2026-12-24T23:00:00.000Z', viewsLeft: null, playbackId: 'p1', resumed: false, rungs: [], encrypted: false } }
        : { status: 404, body: { message: `unexpected ${url}` } },
  );
  return renderApp('/lec/l1');
}
const qualities = async () => within(await screen.findByRole('combobox', { name: /Quality|الجودة/ })).getAllByRole('option').map((o) => o.textContent);

beforeEach(() => {
  window.localStorage.clear();
  attachHls().mockClear();
  Object.values(source).forEach((f) => f.mockClear());
});

describe('the data saver in the player (issue 44)', () => {
  it('on: hls.js is attached with the saver, the menu offers Auto and the lowest two rungs; the switch turns it off at once, the same video playing on', async () => {
    window.localStorage.setItem('dataSaver', 'on');
    open();
    await waitFor(() => expect(attachHls()).toHaveBeenCalledTimes(1));
    expect(options().dataSaver).toBe(true);
    expect(await qualities()).toEqual(['Auto', '180p', '240p']);
    const toggle = screen.getByRole('button', { name: 'Data saver' });
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(source.setDataSaver).toHaveBeenLastCalledWith(false);
    expect(await qualities()).toEqual(['Auto', '180p', '240p', '360p', '720p']);
    expect(window.localStorage.getItem('dataSaver')).toBe('off');
    // No new source: the video was not restarted.
    expect(attachHls()).toHaveBeenCalledTimes(1);
    expect(source.destroy).not.toHaveBeenCalled();
  });

  it('turned on elsewhere on the page (the profile card) while a rung above the two is chosen: capped, and the choice goes back to Auto', async () => {
    open();
    await waitFor(() => expect(attachHls()).toHaveBeenCalledTimes(1));
    expect(options().dataSaver).toBe(false);
    await userEvent.selectOptions(await screen.findByRole('combobox', { name: 'Quality' }), '720p');
    expect(source.setLevel).toHaveBeenLastCalledWith(3);
    act(() => setDataSaver('on'));
    expect(source.setDataSaver).toHaveBeenLastCalledWith(true);
    expect(source.setLevel).toHaveBeenLastCalledWith(-1);
    expect(await qualities()).toEqual(['Auto', '180p', '240p']);
    expect(screen.getByRole('combobox', { name: 'Quality' })).toHaveValue('-1');
    expect(screen.getByRole('button', { name: 'Data saver' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a browser asking to save data turns it on by itself; the student turning it off is kept for this device', async () => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
    try {
      open();
      await waitFor(() => expect(attachHls()).toHaveBeenCalledTimes(1));
      expect(options().dataSaver).toBe(true);
      await userEvent.click(screen.getByRole('button', { name: 'Data saver' }));
      expect(window.localStorage.getItem('dataSaver')).toBe('off');
      expect(await qualities()).toHaveLength(5);
    } finally {
      delete (navigator as { connection?: unknown }).connection;
    }
  });

  it('shows the rung playing and the megabytes this video has loaded on this page, in Arabic figures on an Arabic page', async () => {
    open('ar');
    await waitFor(() => expect(attachHls()).toHaveBeenCalledTimes(1));
    expect(screen.queryByTestId('player-usage')).not.toBeInTheDocument();
    act(() => {
      options().onLevelSwitched?.(0);
      options().onLoaded?.(1_200);
      options().onLoaded?.(1_398_800);
    });
    expect(screen.getByTestId('player-usage')).toHaveTextContent('استُهلك ١٫٤ ميجابايت · الجودة 180p');
    act(() => {
      options().onLevelSwitched?.(1);
      options().onLoaded?.(11_000_000);
    });
    expect(screen.getByTestId('player-usage')).toHaveTextContent('استُهلك ١٢ ميجابايت · الجودة 240p');
    expect(screen.getByRole('button', { name: 'توفير البيانات' })).toBeInTheDocument();
  });

  it('in English: "Playing 180p · 0.2 MB used"', async () => {
    open();
    await waitFor(() => expect(attachHls()).toHaveBeenCalledTimes(1));
    act(() => {
      options().onLevelSwitched?.(0);
      options().onLoaded?.(180_000);
    });
    expect(screen.getByTestId('player-usage')).toHaveTextContent('0.2 MB used · Playing 180p');
  });
});
