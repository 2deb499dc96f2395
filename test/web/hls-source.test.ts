/**
 * lib/hls-source's modes (issue 14) against a stand-in of hls.js's class: jsdom has no Media Source
 * Extensions, so hls.js itself cannot run here; the stand-in records what the source asks of it
 * (its config, the start level, startLoad) and lets the test fire MANIFEST_PARSED, as hls.js does
 * once the master playlist has come. The real hls.js runs in Chromium: test/e2e/video-player.
 */
import { attachHls, type HlsClass, type SourceOptions } from '@/features/catalogue/lib/hls-source';

const LEVELS = [
  { height: 240, bitrate: 496_000 },
  { height: 360, bitrate: 896_000 },
  { height: 720, bitrate: 2_896_000 },
];
const DEFAULT_BUFFER = 30;

/** One hls.js instance as the stand-in saw it. */
interface Seen {
  config: Record<string, unknown>;
  startLevel?: number;
  loadLevel?: number;
  nextLoadLevel?: number;
  autoLevelCapping?: number;
  /** What the player's size cap was last set to (hls.js's setter). */
  capLevelToPlayerSize?: boolean;
  autoLevelEnabled: boolean;
  startLoads: number[];
  loaded?: string;
  attached?: HTMLMediaElement;
  handlers: Map<string, (event: string, data: unknown) => void>;
  destroyed: boolean;
}

function standIn(supported = true) {
  const seen: Seen[] = [];
  class FakeHls {
    static Events = {
      MANIFEST_PARSED: 'manifestParsed',
      LEVEL_SWITCHED: 'levelSwitched',
      ERROR: 'error',
      MANIFEST_LOADED: 'manifestLoaded',
      LEVEL_LOADED: 'levelLoaded',
      AUDIO_TRACK_LOADED: 'audioTrackLoaded',
      FRAG_LOADED: 'fragLoaded',
    };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError', NETWORK_ERROR: 'networkError' };
    static DefaultConfig = { maxBufferLength: DEFAULT_BUFFER, maxMaxBufferLength: 600 };
    static isSupported = () => supported;
    readonly s: Seen;
    constructor(config: Record<string, unknown>) {
      this.s = { config: { ...config }, autoLevelEnabled: true, startLoads: [], handlers: new Map(), destroyed: false };
      seen.push(this.s);
    }
    get config() {
      return this.s.config;
    }
    get autoLevelEnabled() {
      return this.s.autoLevelEnabled;
    }
    set startLevel(v: number) {
      this.s.startLevel = v;
    }
    set loadLevel(v: number) {
      this.s.loadLevel = v;
      this.s.autoLevelEnabled = false;
    }
    set nextLoadLevel(v: number) {
      this.s.nextLoadLevel = v;
    }
    set autoLevelCapping(v: number) {
      this.s.autoLevelCapping = v;
    }
    set capLevelToPlayerSize(v: boolean) {
      this.s.capLevelToPlayerSize = v;
      this.s.config.capLevelToPlayerSize = v;
    }
    on(event: string, handler: (event: string, data: unknown) => void) {
      this.s.handlers.set(event, handler);
    }
    loadSource(url: string) {
      this.s.loaded = url;
    }
    attachMedia(media: HTMLMediaElement) {
      this.s.attached = media;
    }
    startLoad(position: number) {
      this.s.startLoads.push(position);
    }
    destroy() {
      this.s.destroyed = true;
    }
  }
  const manifestParsed = (s: Seen) => s.handlers.get('manifestParsed')!('manifestParsed', { levels: LEVELS });
  return { Hls: FakeHls as unknown as HlsClass, seen, manifestParsed };
}

const URL_ = '/media/hls/a1/master.m3u8';
/** A phone's browser on a 1.6 Mbit/s link (Chromium calls it 4g): startLevelFor gives the 360p rung (index 1). */
const PHONE: Partial<SourceOptions> = { connection: { downlink: 1.6, effectiveType: '4g' } };

describe('hls-source (issue 14)', () => {
  it("transmuxes in hls.js's worker, a file of the site's build (the CSP refuses a Blob worker)", () => {
    const { Hls, seen } = standIn();
    attachHls(Hls, document.createElement('video'), URL_, { mode: 'idle', ...PHONE });
    // The build's URL of hls.js/dist/hls.worker.js (the test's file stub stands for it).
    expect(seen[0]!.config.workerPath).toBe('test-file-stub');
  });

  it("idle: the master playlist only (no load until start); start(play) loads at once, from the position, at the connection's rung, buffering ahead", () => {
    const { Hls, seen, manifestParsed } = standIn();
    const video = document.createElement('video');
    const onLevels = jest.fn();
    const source = attachHls(Hls, video, URL_, { mode: 'idle', startPosition: 42, onLevels, ...PHONE });
    const s = seen[0]!;
    expect(s.config).toMatchObject({ autoStartLoad: false, startPosition: 42, maxBufferLength: 1 });
    expect([s.loaded, s.attached]).toEqual([URL_, video]);
    manifestParsed(s);
    expect(onLevels).toHaveBeenCalledWith([
      { index: 0, height: 240, bandwidth: 496_000 },
      { index: 1, height: 360, bandwidth: 896_000 },
      { index: 2, height: 720, bandwidth: 2_896_000 },
    ]);
    // Idle: no rung chosen, nothing loaded.
    expect(s.startLevel).toBeUndefined();
    expect(s.startLoads).toEqual([]);
    source.start(true, 42);
    expect(s.startLevel).toBe(1);
    expect(s.config).toMatchObject({ maxBufferLength: DEFAULT_BUFFER, startPosition: 42 });
    expect(s.startLoads).toEqual([42]);
    // Started once: a second start does nothing.
    source.start(true, 10);
    expect(s.startLoads).toEqual([42]);
  });

  it('a tap before the master playlist has come: loading starts, and the rung is set once the playlist is parsed (the chosen one first)', () => {
    const { Hls, seen, manifestParsed } = standIn();
    const source = attachHls(Hls, document.createElement('video'), URL_, { mode: 'idle', chosenHeight: () => 720, ...PHONE });
    const s = seen[0]!;
    source.start(true);
    expect(s.startLoads).toEqual([-1]);
    expect(s.config.startPosition).toBe(-1);
    expect(s.startLevel).toBeUndefined();
    manifestParsed(s);
    expect([s.startLevel, s.loadLevel]).toEqual([2, 2]);
  });

  it('start for a seek: the segment there at the lowest rung, one second of buffer; play then buffers ahead at the connection’s rung', () => {
    const { Hls, seen, manifestParsed } = standIn();
    const video = document.createElement('video');
    const source = attachHls(Hls, video, URL_, { mode: 'idle', ...PHONE });
    const s = seen[0]!;
    manifestParsed(s);
    source.start(false, 300);
    expect(s.startLevel).toBe(0);
    expect(s.config.maxBufferLength).toBe(1);
    expect(s.startLoads).toEqual([300]);
    video.dispatchEvent(new Event('play'));
    expect(s.config.maxBufferLength).toBe(DEFAULT_BUFFER);
    expect(s.nextLoadLevel).toBe(1);
  });

  it('preview (no poster): loads at once at the lowest rung with one second of buffer; play: mode "play" takes the default buffer from the start', () => {
    const { Hls, seen, manifestParsed } = standIn();
    attachHls(Hls, document.createElement('video'), URL_, { mode: 'preview', ...PHONE });
    const preview = seen[0]!;
    expect(preview.config).toMatchObject({ autoStartLoad: true, maxBufferLength: 1 });
    manifestParsed(preview);
    expect(preview.startLevel).toBe(0);

    attachHls(Hls, document.createElement('video'), URL_, { mode: 'play', ...PHONE });
    const play = seen[1]!;
    expect(play.config.autoStartLoad).toBe(true);
    expect(play.config.maxBufferLength).toBeUndefined();
    manifestParsed(play);
    expect(play.startLevel).toBe(1);
  });

  it("the data saver: hls.js's automatic choice is capped at the lowest two rungs for the whole video (not by the player's size), starting at the lowest; without it, no cap but the size", () => {
    const { Hls, seen, manifestParsed } = standIn();
    attachHls(Hls, document.createElement('video'), URL_, { mode: 'play', connection: { saveData: true, downlink: 10, effectiveType: '4g' } });
    const saver = seen[0]!;
    expect(saver.config.capLevelToPlayerSize).toBe(false);
    manifestParsed(saver);
    expect([saver.autoLevelCapping, saver.startLevel]).toEqual([1, 0]);

    attachHls(Hls, document.createElement('video'), URL_, { mode: 'play', ...PHONE });
    const phone = seen[1]!;
    expect(phone.config.capLevelToPlayerSize).toBe(true);
    manifestParsed(phone);
    expect(phone.autoLevelCapping).toBeUndefined();
  });

  it('the data saver turned on and off while the video plays: the cap is set and lifted at once, no new source', () => {
    const { Hls, seen, manifestParsed } = standIn();
    const source = attachHls(Hls, document.createElement('video'), URL_, { mode: 'play', ...PHONE, dataSaver: false });
    const s = seen[0]!;
    manifestParsed(s);
    expect(s.autoLevelCapping).toBeUndefined();
    expect(s.startLevel).toBe(1);
    source.setDataSaver(true);
    expect([s.autoLevelCapping, s.capLevelToPlayerSize]).toEqual([1, false]);
    source.setDataSaver(false);
    expect([s.autoLevelCapping, s.config.capLevelToPlayerSize]).toEqual([-1, true]);
    expect(seen).toHaveLength(1);
    expect(s.destroyed).toBe(false);
  });

  it('the saver turned on before play: play starts at the lowest rung', () => {
    const { Hls, seen, manifestParsed } = standIn();
    const source = attachHls(Hls, document.createElement('video'), URL_, { mode: 'idle', ...PHONE, dataSaver: false });
    const s = seen[0]!;
    manifestParsed(s);
    source.setDataSaver(true);
    source.start(true);
    expect([s.startLevel, s.autoLevelCapping]).toEqual([0, 1]);
  });

  it('tells the bytes of every playlist and segment hls.js loads', () => {
    const { Hls, seen } = standIn();
    const onLoaded = jest.fn();
    attachHls(Hls, document.createElement('video'), URL_, { mode: 'play', ...PHONE, onLoaded });
    const fire = (event: string, data: unknown) => seen[0]!.handlers.get(event)!(event, data);
    fire('manifestLoaded', { stats: { loaded: 420 } });
    fire('levelLoaded', { stats: { loaded: 1_200 } });
    fire('fragLoaded', { frag: { stats: { loaded: 180_000 } }, payload: new ArrayBuffer(8) });
    // Stats without the count: the payload's length.
    fire('fragLoaded', { frag: { stats: { loaded: 0 } }, payload: new ArrayBuffer(64) });
    expect(onLoaded.mock.calls.map(([b]) => b)).toEqual([420, 1_200, 180_000, 64]);
  });

  it("the browser's own HLS (no MSE, plays HLS): idle sets no source until start; nothing to choose", () => {
    const { Hls } = standIn(false);
    const video = document.createElement('video');
    jest.spyOn(video, 'canPlayType').mockReturnValue('maybe');
    const onLevels = jest.fn();
    const source = attachHls(Hls, video, URL_, { mode: 'idle', onLevels });
    expect(onLevels).toHaveBeenCalledWith([]);
    expect(video.hasAttribute('src')).toBe(false);
    source.start(true);
    expect(video.getAttribute('src')).toBe(URL_);
  });

  it('neither MSE nor HLS: says unsupported', () => {
    const { Hls } = standIn(false);
    const video = document.createElement('video');
    jest.spyOn(video, 'canPlayType').mockReturnValue('');
    const onFatal = jest.fn();
    attachHls(Hls, video, URL_, { mode: 'play', onFatal });
    expect(onFatal).toHaveBeenCalledWith('unsupported');
  });
});
