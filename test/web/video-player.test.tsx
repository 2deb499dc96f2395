/**
 * The lecture's HLS player (issue 16): startPlayback on choosing a video (under a view limit, on
 * play: a start is a view, issue 36; a live playback resumed), the quality and speed menus, the
 * resume position, the views left and the refusals in words, and the watermark (the student's phone and
 * name, moving, inside the fullscreen box, clear of the controls). hls.js itself does not run in
 * jsdom (no Media Source Extensions): lib/hls-source is replaced by a stand-in that sets the
 * playlist as the video's source and reports a ladder.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SourceOptions } from '@/features/catalogue/lib/hls-source';
import { keepPlayback, livePlaybackId, livePosterLink, resumeAt, startLevelFor } from '@/features/catalogue/lib/playback';
import { WATERMARK_MOVE_MS } from '@/features/catalogue/components/watermark';
import { adminUser, bodyOf, mockFetch, renderApp, storeSession, studentUser } from './helpers';
import { lecture, video } from './catalogue-fixtures';

const setLevel = jest.fn();
const start = jest.fn();
jest.mock('@/features/catalogue/lib/hls-source', () => ({
  loadHls: jest.fn(async () => ({ stand: 'hls.js' })),
  // Idle: the master playlist only (the src stays unset here); start() loads.
  attachHls: jest.fn((_hls: unknown, el: HTMLVideoElement, url: string, options: SourceOptions) => {
    if (options.mode !== 'idle') el.setAttribute('src', url);
    const levels = [
      { index: 0, height: 240, bandwidth: 496_000 },
      { index: 1, height: 360, bandwidth: 896_000 },
      { index: 2, height: 720, bandwidth: 2_896_000 },
    ];
    options.onLevels?.(levels);
    return {
      levels,
      setLevel,
      start: (...args: unknown[]) => {
        start(...args);
        el.setAttribute('src', url);
      },
      destroy: jest.fn(),
    };
  }),
}));

const PLAYBACK = '/api/AWS/lectures/l1/videos/v1/playback';
const started = (over: Record<string, unknown> = {}) => ({
  playlistUrl: '/media/hls/a1/master.m3u8',
  expiresAt: '2026-11-24T23:00:00.000Z',
  viewsLeft: null,
  playbackId: 'p1',
  resumed: false,
  rungs: [],
  encrypted: false,
  ...over,
});

type Answer = { status: number; body?: unknown };
/** The lecture page of l1 with its one video; `limited`: a view limit of 3 (the playback then waits for play). */
function open(handler: (url: string, init: RequestInit) => Answer | undefined = () => undefined, user: typeof studentUser | typeof adminUser = studentUser, { limited = false } = {}) {
  storeSession(user);
  const fetch = mockFetch(
    (url, init) =>
      handler(url, init) ??
      (url === '/api/cours/lectureaaa/l1'
        ? { status: 200, body: { data: lecture({ viewLimit: limited ? 3 : null, videos: [video({ signedUrl: '/media/hls/a1/master.m3u8', viewsLeft: limited ? 3 : null })] }) } }
        : url === PLAYBACK
          ? { status: 200, body: started() }
          : { status: 404, body: { message: `unexpected ${url}` } }),
  );
  return { fetch, ...renderApp('/lec/l1') };
}

/** jsdom's <video> has no media: the test sets what the browser would report. */
function media(el: HTMLElement, state: { duration?: number; currentTime?: number; paused?: boolean }) {
  let at = state.currentTime ?? 0;
  Object.defineProperty(el, 'duration', { configurable: true, get: () => state.duration ?? NaN });
  Object.defineProperty(el, 'paused', { configurable: true, get: () => state.paused ?? true });
  Object.defineProperty(el, 'seeking', { configurable: true, get: () => false });
  Object.defineProperty(el, 'currentTime', { configurable: true, get: () => at, set: (v: number) => (at = v) });
  return { at: () => at, set: (v: number) => (at = v) };
}

const playerReady = async () => {
  const el = await screen.findByTestId('lecture-video');
  await waitFor(() => expect(el).toHaveAttribute('src', '/media/hls/a1/master.m3u8'));
  return el as HTMLVideoElement;
};

beforeEach(() => {
  window.localStorage.clear();
  setLevel.mockClear();
  start.mockClear();
});

describe('the player (issue 16)', () => {
  it('without a view limit starts the playback of the chosen video as it opens, then plays its playlist', async () => {
    const { fetch } = open();
    await playerReady();
    expect(fetch.mock.calls.filter(([url, init]) => url === PLAYBACK && (init as RequestInit).method === 'POST')).toHaveLength(1);
    expect(screen.queryByTestId('views-left')).not.toBeInTheDocument();
    expect(screen.queryByTestId('start-uses-view')).not.toBeInTheDocument();
  });

  it('under a view limit the playback (a view) starts on play, not on open; the views left follow the start', async () => {
    const { fetch } = open((url) => (url === PLAYBACK ? { status: 200, body: started({ viewsLeft: 2, expiresAt: new Date(Date.now() + 3600_000).toISOString() }) } : undefined), studentUser, { limited: true });
    const el = (await screen.findByTestId('lecture-video')) as HTMLVideoElement;
    const starts = () => fetch.mock.calls.filter(([url]) => url === PLAYBACK);
    expect(screen.getByTestId('views-left')).toHaveTextContent('Views left of this video: 3');
    expect(screen.getByTestId('start-uses-view')).toHaveTextContent('Play starts one view of this video');
    await new Promise((r) => setTimeout(r, 50));
    expect(starts()).toHaveLength(0);
    expect(el).not.toHaveAttribute('src');
    const playSpy = jest.spyOn(el, 'play').mockResolvedValue(undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(el).toHaveAttribute('src', '/media/hls/a1/master.m3u8'));
    await waitFor(() => expect(playSpy).toHaveBeenCalledTimes(1));
    expect(starts()).toHaveLength(1);
    // A new playback: nothing to resume was sent.
    expect(bodyOf(fetch, fetch.mock.calls.findIndex(([url]) => url === PLAYBACK))).toEqual({});
    expect(screen.getByTestId('views-left')).toHaveTextContent('Views left of this video: 2');
    expect(screen.queryByTestId('start-uses-view')).not.toBeInTheDocument();
    // Kept for a reload or a retry, which resume it for free.
    expect(livePlaybackId('v1')).toBe('p1');
  });

  it('a reload while its playback lives resumes it: the kept id is sent back as the player opens, no play needed', async () => {
    keepPlayback('v1', { playbackId: 'p0', expiresAt: new Date(Date.now() + 600_000).toISOString() });
    const { fetch } = open((url) => (url === PLAYBACK ? { status: 200, body: started({ playbackId: 'p0', resumed: true, viewsLeft: 2 }) } : undefined), studentUser, { limited: true });
    await playerReady();
    const starts = fetch.mock.calls.filter(([url]) => url === PLAYBACK);
    expect(starts).toHaveLength(1);
    expect(bodyOf(fetch, fetch.mock.calls.findIndex(([url]) => url === PLAYBACK))).toEqual({ playbackId: 'p0' });
    expect(screen.getByTestId('views-left')).toHaveTextContent('Views left of this video: 2');
  });

  it('the quality menu offers Auto and each rung and switches the rung; the speed menu sets the rate', async () => {
    open();
    const el = await playerReady();
    const quality = await screen.findByRole('combobox', { name: 'Quality' });
    expect(within(quality).getAllByRole('option').map((o) => o.textContent)).toEqual(['Auto', '240p', '360p', '720p']);
    await userEvent.selectOptions(quality, '360p');
    expect(setLevel).toHaveBeenLastCalledWith(1);
    await userEvent.selectOptions(quality, 'Auto');
    expect(setLevel).toHaveBeenLastCalledWith(-1);
    const speed = screen.getByRole('combobox', { name: 'Playback speed' });
    expect(within(speed).getAllByRole('option').map((o) => o.textContent)).toEqual(['0.75×', '1×', '1.25×', '1.5×', '2×']);
    await userEvent.selectOptions(speed, '1.5×');
    expect(el.playbackRate).toBe(1.5);
  });

  it('resumes where the student stopped (past 5 s, not near the end) and offers to start over', async () => {
    window.localStorage.setItem('video-position:v1', JSON.stringify({ at: 42 }));
    open();
    const el = await playerReady();
    const m = media(el, { duration: 600 });
    fireEvent.loadedMetadata(el);
    expect(m.at()).toBe(42);
    expect(screen.getByText(/Resumed at 0:42/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(m.at()).toBe(0);
  });

  /**
   * A poster that loads when the test says (`images[i].onload()`), and the hls-source stand-in;
   * `saveData`: the browser asks to save data (navigator.connection.saveData).
   */
  function withPoster({ saveData = true } = {}) {
    if (saveData) Object.defineProperty(navigator, 'connection', { configurable: true, value: { saveData: true } });
    const images: { src?: string; onload?: () => void }[] = [];
    const Image = jest.spyOn(window, 'Image').mockImplementation(() => {
      const img = {} as { src?: string; onload?: () => void };
      images.push(img);
      return img as unknown as HTMLImageElement;
    });
    const source = jest.requireMock<{ attachHls: jest.Mock; loadHls: jest.Mock }>('@/features/catalogue/lib/hls-source');
    source.attachHls.mockClear();
    source.loadHls.mockClear();
    return {
      images,
      ...source,
      restore: () => {
        Image.mockRestore();
        delete (navigator as { connection?: unknown }).connection;
      },
    };
  }
  const POSTER = { posterUrl: '/media/hls/a1/poster.0000001.jpg', durationSeconds: 600 };
  const optionsOf = (attachHls: jest.Mock) => attachHls.mock.calls[0]![3] as SourceOptions;

  it('shows the poster the server names and the length it measured, then loads the first segment at the lowest rung (play starts at once)', async () => {
    const p = withPoster({ saveData: false });
    try {
      open((url) => (url === PLAYBACK ? { status: 200, body: started(POSTER) } : undefined));
      const el = (await screen.findByTestId('lecture-video')) as HTMLVideoElement;
      await waitFor(() => expect(el).toHaveAttribute('poster', POSTER.posterUrl));
      expect(screen.getByRole('slider', { name: 'Position in the video' })).toHaveAttribute('max', '600');
      expect(screen.getByText('10:00')).toBeInTheDocument();
      await waitFor(() => expect(p.images.map((i) => i.src)).toEqual([POSTER.posterUrl]));
      // hls.js comes after the poster.
      expect(p.loadHls).not.toHaveBeenCalled();
      act(() => p.images[0]!.onload!());
      await waitFor(() => expect(p.attachHls).toHaveBeenCalledTimes(1));
      expect(optionsOf(p.attachHls)).toMatchObject({ mode: 'preview' });
      expect(el).toHaveAttribute('src', '/media/hls/a1/master.m3u8');
    } finally {
      p.restore();
    }
  });

  it("paints the lecture's poster link before the playback answers, and waits on that one request (issue 14)", async () => {
    const p = withPoster({ saveData: false });
    const LINK = `/media/hls/a1/poster.0000001.jpg?Expires=${Math.floor(Date.now() / 1000) + 900}&Key-Pair-Id=K2LOCALPLAYBACK&Signature=abc`;
    let answer: (a: Answer) => void = () => {};
    const playbackAnswered = new Promise<Answer>((resolve) => (answer = resolve));
    try {
      open((url) =>
        url === '/api/cours/lectureaaa/l1'
          ? { status: 200, body: { data: lecture({ viewLimit: null, videos: [video({ signedUrl: '/media/hls/a1/master.m3u8', posterUrl: LINK, viewsLeft: null })] }) } }
          : url === PLAYBACK
            ? (playbackAnswered as unknown as Answer)
            : undefined,
      );
      const el = (await screen.findByTestId('lecture-video')) as HTMLVideoElement;
      // Still starting: the playback has not answered, the poster is already there.
      expect(el).toHaveAttribute('poster', LINK);
      answer({ status: 200, body: started(POSTER) });
      await waitFor(() => expect(p.images.map((i) => i.src)).toEqual([LINK]));
      // The playback's own poster (behind its cookies) is not asked for: one request for the picture.
      expect(el).toHaveAttribute('poster', LINK);
      act(() => p.images[0]!.onload!());
      await waitFor(() => expect(p.attachHls).toHaveBeenCalledTimes(1));
    } finally {
      p.restore();
    }
  });

  it("a poster link run out (a page left open through a long video) is not used: the playback's poster is", async () => {
    const p = withPoster({ saveData: false });
    const OLD = `/media/hls/a1/poster.0000001.jpg?Expires=${Math.floor(Date.now() / 1000) - 5}&Key-Pair-Id=K2LOCALPLAYBACK&Signature=abc`;
    try {
      open((url) =>
        url === '/api/cours/lectureaaa/l1'
          ? { status: 200, body: { data: lecture({ viewLimit: null, videos: [video({ signedUrl: '/media/hls/a1/master.m3u8', posterUrl: OLD, viewsLeft: null })] }) } }
          : url === PLAYBACK
            ? { status: 200, body: started(POSTER) }
            : undefined,
      );
      const el = (await screen.findByTestId('lecture-video')) as HTMLVideoElement;
      await waitFor(() => expect(el).toHaveAttribute('poster', POSTER.posterUrl));
      await waitFor(() => expect(p.images.map((i) => i.src)).toEqual([POSTER.posterUrl]));
    } finally {
      p.restore();
    }
  });

  it('Save-Data: the poster and the length, then only the master playlist until play, which loads and plays in the same tap', async () => {
    const p = withPoster();
    try {
      open((url) => (url === PLAYBACK ? { status: 200, body: started(POSTER) } : undefined));
      const el = (await screen.findByTestId('lecture-video')) as HTMLVideoElement;
      await waitFor(() => expect(el).toHaveAttribute('poster', POSTER.posterUrl));
      // The player asks for the image in an effect, which runs after the commit.
      await waitFor(() => expect(p.images.map((i) => i.src)).toEqual([POSTER.posterUrl]));
      act(() => p.images[0]!.onload!());
      // hls.js, after the poster, is attached idle: the master playlist (the rungs), no segment before play.
      await waitFor(() => expect(p.attachHls).toHaveBeenCalledTimes(1));
      expect(optionsOf(p.attachHls)).toMatchObject({ mode: 'idle', startPosition: undefined });
      await new Promise((r) => setTimeout(r, 50));
      expect(start).not.toHaveBeenCalled();
      expect(el).not.toHaveAttribute('src');
      const playSpy = jest.spyOn(el, 'play').mockResolvedValue(undefined);
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      // In the tap itself (an iPhone takes play() only there): loading to play, and play() called.
      expect(start).toHaveBeenCalledWith(true, undefined);
      expect(el).toHaveAttribute('src', '/media/hls/a1/master.m3u8');
      expect(playSpy).toHaveBeenCalledTimes(1);
      expect(p.attachHls).toHaveBeenCalledTimes(1);
    } finally {
      p.restore();
    }
  });

  it('before play: the kept position is shown and the media starts loading there; a seek loads at its target without playing', async () => {
    window.localStorage.setItem('video-position:v1', JSON.stringify({ at: 42 }));
    const p = withPoster();
    try {
      open((url) => (url === PLAYBACK ? { status: 200, body: started(POSTER) } : undefined));
      const el = (await screen.findByTestId('lecture-video')) as HTMLVideoElement;
      expect(await screen.findByText(/Resumed at 0:42/)).toBeInTheDocument();
      const slider = screen.getByRole('slider', { name: 'Position in the video' });
      expect(slider).toHaveValue('42');
      // A seek before hls.js is here: loaded at the target as soon as it is, not played.
      const playSpy = jest.spyOn(el, 'play').mockResolvedValue(undefined);
      // What a drag sends (the browser's `input`, which React's onChange follows).
      fireEvent.input(slider, { target: { value: '300' } });
      await waitFor(() => expect(p.attachHls).toHaveBeenCalledTimes(1));
      expect(optionsOf(p.attachHls)).toMatchObject({ mode: 'preview', startPosition: 300 });
      expect(playSpy).not.toHaveBeenCalled();
      // The media's metadata: it lands at the target (where the browser's own HLS starts at 0).
      const m = media(el, { duration: 600 });
      fireEvent.loadedMetadata(el);
      expect(m.at()).toBe(300);
      expect(slider).toHaveValue('300');
    } finally {
      p.restore();
    }
  });

  it('the quality menu is there before play, from the rungs the server names; the chosen rung is the one hls.js starts at', async () => {
    const rungs = [
      { name: '720p', height: 720, width: 1280, bandwidth: 2_896_000 },
      { name: '240p', height: 240, width: 426, bandwidth: 496_000 },
      { name: '360p', height: 360, width: 640, bandwidth: 896_000 },
    ];
    const p = withPoster();
    try {
      open((url) => (url === PLAYBACK ? { status: 200, body: started({ ...POSTER, rungs }) } : undefined));
      const quality = await screen.findByRole('combobox', { name: 'Quality' });
      // Save-Data turns the data saver on (issue 44): the lowest two rungs.
      expect(within(quality).getAllByRole('option').map((o) => o.textContent)).toEqual(['Auto', '240p', '360p']);
      await userEvent.selectOptions(quality, '360p');
      await waitFor(() => expect(p.images.map((i) => i.src)).toEqual([POSTER.posterUrl]));
      act(() => p.images[0]!.onload!());
      await waitFor(() => expect(p.attachHls).toHaveBeenCalledTimes(1));
      expect(start).not.toHaveBeenCalled();
      jest.spyOn(screen.getByTestId('lecture-video') as HTMLVideoElement, 'play').mockResolvedValue(undefined);
      fireEvent.click(screen.getByRole('button', { name: 'Play' }));
      expect(start).toHaveBeenCalledWith(true, undefined);
      expect(optionsOf(p.attachHls).chosenHeight?.()).toBe(360);
    } finally {
      p.restore();
    }
  });

  it('play pressed while the poster still loads: the video is attached at once and plays', async () => {
    const Image = jest.spyOn(window, 'Image').mockImplementation(() => ({}) as HTMLImageElement);
    const { attachHls } = jest.requireMock<{ attachHls: jest.Mock }>('@/features/catalogue/lib/hls-source');
    attachHls.mockClear();
    try {
      open((url) => (url === PLAYBACK ? { status: 200, body: started({ posterUrl: '/media/hls/a1/poster.0000001.jpg' }) } : undefined));
      const el = await screen.findByTestId('lecture-video');
      const playSpy = jest.spyOn(el as HTMLVideoElement, 'play').mockResolvedValue(undefined);
      const play = screen.getByRole('button', { name: 'Play' });
      await waitFor(() => expect(play).toBeEnabled());
      expect(attachHls).not.toHaveBeenCalled();
      await userEvent.click(play);
      await waitFor(() => expect(el).toHaveAttribute('src', '/media/hls/a1/master.m3u8'));
      await waitFor(() => expect(playSpy).toHaveBeenCalledTimes(1));
      expect(attachHls).toHaveBeenCalledTimes(1);
    } finally {
      Image.mockRestore();
    }
  });

  it('without a poster (a video transcoded before posters) none is set', async () => {
    open();
    expect(await playerReady()).not.toHaveAttribute('poster');
  });

  it('keeps the position as the video plays and forgets it at the end', () => {
    window.localStorage.setItem('video-position:v9', JSON.stringify({ at: 4 }));
    expect(resumeAt('v9', 600)).toBeUndefined();
    window.localStorage.setItem('video-position:v9', JSON.stringify({ at: 595 }));
    expect(resumeAt('v9', 600)).toBeUndefined();
    window.localStorage.setItem('video-position:v9', JSON.stringify({ at: 300 }));
    expect(resumeAt('v9', 600)).toBe(300);
  });

  it('says in words when no view is left (403 video.viewLimit), in Arabic too, with no retry', async () => {
    window.localStorage.setItem('language', 'ar');
    open((url) => (url === PLAYBACK ? { status: 403, body: { message: 'limit', code: 'video.viewLimit' } } : undefined));
    const failure = await screen.findByTestId('player-failure');
    expect(failure).toHaveTextContent('استنفدت كل مرات مشاهدة هذا الفيديو');
    expect(within(failure).queryByRole('button')).not.toBeInTheDocument();
  });

  it('a video still being prepared (409 video.notReady) says so and can be tried again', async () => {
    let answer: Answer = { status: 409, body: { message: 'not ready', code: 'video.notReady' } };
    open((url) => (url === PLAYBACK ? answer : undefined));
    const failure = await screen.findByTestId('player-failure');
    expect(failure).toHaveTextContent('This video is still being prepared');
    answer = { status: 200, body: started() };
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    await playerReady();
    expect(screen.queryByTestId('player-failure')).not.toBeInTheDocument();
  });

  it("draws the student's phone and name over the picture, inside the fullscreen box, clear of the controls, moving every few seconds", async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      const random = jest.spyOn(Math, 'random').mockReturnValue(0.1);
      open();
      const watermark = await screen.findByTestId('watermark');
      expect(watermark).toHaveTextContent('+201012345678');
      expect(watermark).toHaveTextContent('Mona Hassan');
      expect(watermark).toHaveAttribute('aria-hidden', 'true');
      const box = screen.getByTestId('player');
      expect(box.contains(watermark)).toBe(true);
      expect(box.querySelector('.vp-controls')!.contains(watermark)).toBe(false);
      expect(box.querySelector('.vp-stage')!.contains(watermark)).toBe(true);
      const before = watermark.getAttribute('style');
      // The frame after the first paint, where the runtime starts the effects (the mover's timer).
      act(() => jest.advanceTimersByTime(100));
      random.mockReturnValue(0.9);
      act(() => jest.advanceTimersByTime(WATERMARK_MOVE_MS));
      expect(screen.getByTestId('watermark').getAttribute('style')).not.toBe(before);
      random.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });

  it('the fullscreen button puts the whole box (video, watermark, controls) in fullscreen', async () => {
    const request = jest.fn(async () => {});
    HTMLElement.prototype.requestFullscreen = request;
    open();
    await playerReady();
    await userEvent.click(screen.getByRole('button', { name: 'Full screen' }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.contexts[0]).toBe(screen.getByTestId('player'));
  });

  it('keyboard: Space plays and pauses, the arrows seek 5 s', async () => {
    open();
    const el = await playerReady();
    const m = media(el, { duration: 100, currentTime: 20 });
    const playSpy = jest.spyOn(el, 'play').mockResolvedValue(undefined);
    const box = screen.getByTestId('player');
    fireEvent.keyDown(box, { key: ' ' });
    expect(playSpy).toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(m.at()).toBe(25);
    fireEvent.keyDown(box, { key: 'ArrowLeft' });
    fireEvent.keyDown(box, { key: 'ArrowLeft' });
    expect(m.at()).toBe(15);
  });

  it("an admin's look is marked as a preview, with no watermark and no view counted", async () => {
    open(undefined, adminUser);
    await playerReady();
    expect(screen.getByText('Preview')).toBeInTheDocument();
    expect(screen.queryByTestId('watermark')).not.toBeInTheDocument();
  });
});

describe('playback rules', () => {
  it('a poster link is used while it has more than a minute left, never without a readable expiry', () => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const at = (s: number) => `/media/hls/a1/poster.jpg?Expires=${now / 1000 + s}&Key-Pair-Id=K&Signature=x`;
    expect(livePosterLink(at(900), now)).toBe(at(900));
    expect(livePosterLink(at(61), now)).toBe(at(61));
    expect(livePosterLink(at(60), now)).toBeUndefined();
    expect(livePosterLink(at(-1), now)).toBeUndefined();
    expect(livePosterLink('/media/hls/a1/poster.jpg', now)).toBeUndefined();
    expect(livePosterLink('/media/hls/a1/poster.jpg?Expires=soon', now)).toBeUndefined();
    expect(livePosterLink(undefined, now)).toBeUndefined();
  });

  it('a kept playback is resumed while it has more than 30 s left, never without a readable expiry', () => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const keep = (expiresAt: string) => keepPlayback('v7', { playbackId: 'p7', expiresAt });
    keep(new Date(now + 31_000).toISOString());
    expect(livePlaybackId('v7', now)).toBe('p7');
    keep(new Date(now + 30_000).toISOString());
    expect(livePlaybackId('v7', now)).toBeUndefined();
    keep('soon');
    expect(livePlaybackId('v7', now)).toBeUndefined();
    expect(livePlaybackId('v8', now)).toBeUndefined();
  });

  it('start rung: what fits 70 % of the downlink; data saver and 2G the lowest; 3G (the saver turned off) at most the second; unknown: automatic', () => {
    const ladder = [496_000, 896_000, 1_496_000, 2_896_000];
    expect(startLevelFor(ladder, undefined)).toBe(-1);
    expect(startLevelFor(ladder, { downlink: 10 })).toBe(3);
    expect(startLevelFor(ladder, { downlink: 1.6 })).toBe(1);
    expect(startLevelFor(ladder, { downlink: 10, saveData: true })).toBe(0);
    expect(startLevelFor(ladder, { effectiveType: '2g', downlink: 0.2 })).toBe(0);
    // 3G turns the saver on by itself (issue 44): the lowest; turned off, at most the second.
    expect(startLevelFor(ladder, { effectiveType: '3g', downlink: 10 })).toBe(0);
    expect(startLevelFor(ladder, { effectiveType: '3g', downlink: 10 }, false)).toBe(1);
  });
});
