/**
 * Issue 41 in the player: one stream at a time. A playing video reports (the heartbeat, with the
 * spans played since the last report); started while another device streams (409
 * playback.elsewhere) it asks "watch here instead?" and takes the stream over; taken over (409
 * playback.takenOver on a report) it stops and says so, with "watch here". hls.js is replaced as in
 * video-player.test.tsx.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HEARTBEAT_MS } from '@/features/catalogue/lib/use-heartbeat';
import { newSpans } from '@/features/catalogue/lib/watched';
import { bodyOf, mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { lecture, video } from './catalogue-fixtures';

jest.mock('@/features/catalogue/lib/hls-source', () => jest.requireActual('./hls-stand'));

const PLAYBACK = '/api/AWS/lectures/l1/videos/v1/playback';
const PROGRESS = '/api/AWS/lectures/l1/videos/v1/progress';
const started = (playbackId = 'p1') => ({ status: 200, body: { playlistUrl: '/media/hls/a1/master.m3u8', expiresAt: new Date(Date.now() + 3600_000).toISOString(), viewsLeft: null, playbackId, resumed: false, rungs: [], encrypted: false } });
const elsewhere = { status: 409, body: { code: 'playback.elsewhere', message: 'Playing on another device' } };
const takenOver = { status: 409, body: { code: 'playback.takenOver', message: 'Taken over' } };

type Answer = { status: number; body?: unknown };
function open(handler: (url: string, init: RequestInit) => Answer | undefined, language?: 'ar') {
  storeSession(studentUser);
  if (language) window.localStorage.setItem('language', language);
  const fetch = mockFetch(
    (url, init) =>
      handler(url, init) ??
      (url === '/api/cours/lectureaaa/l1' ? { status: 200, body: { data: lecture({ viewLimit: null, videos: [video({ signedUrl: '/media/hls/a1/master.m3u8', viewsLeft: null })] }) } } : { status: 404, body: { message: `unexpected ${url}` } }),
  );
  renderApp('/lec/l1');
  return fetch;
}
const callsTo = (fetch: jest.Mock, path: string) => fetch.mock.calls.flatMap(([u], i) => (u === path ? [i] : []));

/** jsdom's <video> plays nothing: the test says what the browser has played. */
function played(el: HTMLElement, spans: [number, number][]) {
  Object.defineProperty(el, 'played', { configurable: true, get: () => ({ length: spans.length, start: (i: number) => spans[i]![0], end: (i: number) => spans[i]![1] }) });
}
const playerReady = async () => {
  const el = await screen.findByTestId('lecture-video');
  await waitFor(() => expect(el).toHaveAttribute('src', '/media/hls/a1/master.m3u8'));
  return el as HTMLVideoElement;
};

describe('the spans played since the last report', () => {
  it('are what the video has played less what was reported, to a tenth of a second, without crumbs', () => {
    expect(newSpans([[0, 12.34]], [])).toEqual([[0, 12.3]]);
    expect(newSpans([[0, 30]], [[0, 12]])).toEqual([[12, 30]]);
    expect(newSpans([[0, 30], [60, 90]], [[0, 30], [60, 70]])).toEqual([[70, 90]]);
    expect(newSpans([[0, 30.2]], [[0, 30]])).toEqual([]);
    expect(newSpans([[0, 50]], [[10, 20]])).toEqual([[0, 10], [20, 50]]);
  });
});

describe('one stream at a time', () => {
  it('reports every ≤30 s while playing and at the pause, each time the spans played since the last report', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'], advanceTimers: true });
    try {
      const fetch = open((url) => (url === PLAYBACK ? started() : url === PROGRESS ? { status: 200, body: { data: { ok: true } } } : undefined));
      const el = await playerReady();
      expect(HEARTBEAT_MS).toBeLessThanOrEqual(30_000);
      played(el, [[0, 12.34]]);
      fireEvent.play(el);
      act(() => jest.advanceTimersByTime(HEARTBEAT_MS));
      await waitFor(() => expect(callsTo(fetch, PROGRESS)).toHaveLength(1));
      expect(bodyOf(fetch, callsTo(fetch, PROGRESS)[0])).toEqual({ playbackId: 'p1', watched: [[0, 12.3]] });

      played(el, [[0, 25]]);
      fireEvent.pause(el);
      await waitFor(() => expect(callsTo(fetch, PROGRESS)).toHaveLength(2));
      expect(bodyOf(fetch, callsTo(fetch, PROGRESS)[1])).toEqual({ playbackId: 'p1', watched: [[12.3, 25]] });
      // Paused: no more reports.
      act(() => jest.advanceTimersByTime(HEARTBEAT_MS * 2));
      expect(callsTo(fetch, PROGRESS)).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('started while another device streams, asks in Arabic whether to watch here, and takes the stream over', async () => {
    let other = true;
    const fetch = open((url) => (url === PLAYBACK ? (other ? elsewhere : started('p2')) : undefined), 'ar');
    const dialog = await screen.findByTestId('player-elsewhere');
    expect(dialog).toHaveAttribute('role', 'alertdialog');
    expect(within(dialog).getByText('الفيديو يعمل على جهاز آخر')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('هل تريد المشاهدة هنا بدلًا منه؟');
    expect(screen.queryByTestId('watermark')).toBeNull();
    other = false;
    const el = screen.getByTestId('lecture-video') as HTMLVideoElement;
    const playSpy = jest.spyOn(el, 'play').mockResolvedValue(undefined);
    await userEvent.click(within(dialog).getByRole('button', { name: 'شاهد هنا' }));
    await playerReady();
    await waitFor(() => expect(playSpy).toHaveBeenCalled());
    const starts = callsTo(fetch, PLAYBACK);
    expect(starts).toHaveLength(2);
    expect(bodyOf(fetch, starts[1])).toEqual({ takeOver: true });
    expect(screen.queryByTestId('player-elsewhere')).toBeNull();
  });

  it('taken over by another device (its heartbeat while playing), stops and says so; "watch here" takes it back', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'], advanceTimers: true });
    let fetch: jest.Mock;
    let dialog: HTMLElement;
    let el: HTMLVideoElement;
    try {
      fetch = open((url) => (url === PLAYBACK ? started() : url === PROGRESS ? takenOver : undefined));
      el = await playerReady();
      // The element's pause queues its event; the source's teardown drops it (a real browser's load()): none comes here.
      const pause = jest.spyOn(el, 'pause').mockImplementation(() => {});
      played(el, [[0, 40]]);
      fireEvent.play(el);
      expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(HEARTBEAT_MS));
      dialog = await screen.findByTestId('player-elsewhere');
      expect(dialog).toHaveTextContent('This video is now playing on another device with your account.');
      expect(pause).toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Play' })).toBeDisabled();
    } finally {
      jest.useRealTimers();
    }

    jest.spyOn(el, 'play').mockResolvedValue(undefined);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Watch here' }));
    await waitFor(() => expect(callsTo(fetch, PLAYBACK)).toHaveLength(2));
    expect(bodyOf(fetch, callsTo(fetch, PLAYBACK)[1])).toEqual({ playbackId: 'p1', takeOver: true });
    await waitFor(() => expect(screen.queryByTestId('player-elsewhere')).toBeNull());
  });
});
