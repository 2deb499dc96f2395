/**
 * An HLS playlist on a <video> (issue 16). hls.js (its light build, loaded on first use so the
 * first page carries none of it) where Media Source Extensions exist; the browser's own HLS where
 * they do not and it plays application/vnd.apple.mpegurl (Safari on iPhone). Playlists and
 * segments are same-origin, so the playback cookies go along; an AES key is fetched from our API
 * and carries the session token.
 */
import type HlsJs from 'hls.js/light';
import { loadOnce } from '@/lib/load-once';
// hls.js's transmuxer as a worker served from the site: its ESM build has no worker of its own (the
// UMD build's inline Blob worker would be refused: the CSP allows scripts from the site only), so
// without this every TS segment is remuxed on the main thread — long tasks on a cheap phone while
// the video plays. A file of the build (hashed, cached a year), loaded by hls.js with the player.
import workerPath from 'hls.js/dist/hls.worker.js?url';
import { dataSaverOn, saverCap } from './data-saver';
import { startLevelFor, type ConnectionHint } from './playback';

export type HlsClass = typeof HlsJs;

export interface QualityLevel {
  /** hls.js's level index. */
  index: number;
  height: number;
  bandwidth: number;
}

export interface HlsSource {
  /** The rungs, lowest first; empty with the browser's own HLS (it picks the rung itself). */
  levels: QualityLevel[];
  /** -1: automatic. */
  setLevel(index: number): void;
  /** The data saver turned on or off (issue 44): hls.js's automatic choice is capped, or not, from the next segment on. */
  setDataSaver(on: boolean): void;
  /**
   * An 'idle' source starts loading: to play (at the chosen or the connection's rung, buffering
   * ahead) or for a seek (the segment there, at the lowest rung, until play). No-op once started.
   */
  start(play: boolean, position?: number): void;
  destroy(): void;
}

export type SourceFailure = 'network' | 'media' | 'unsupported';

/**
 * - 'preview': the first segment of the lowest rung now (the first picture and the length, for a
 *   video without a poster); on play it buffers ahead at the connection's rung.
 * - 'idle': the master playlist only (a few hundred bytes: the rungs), nothing more until start().
 * - 'play': loads to play now.
 */
export type SourceMode = 'preview' | 'idle' | 'play';

export interface SourceOptions {
  mode: SourceMode;
  connection?: ConnectionHint;
  /** The data saver (issue 44) as the source starts; by default this device's (lib/data-saver). */
  dataSaver?: boolean;
  /** Where to start (seconds): a resume position or a seek made before the media had loaded. */
  startPosition?: number;
  /** The rung the student has chosen (its height), if any, read when loading starts: it is loaded from the start. */
  chosenHeight?: () => number | undefined;
  /** The session's token, for the AES key route (/api/…). */
  token?: string | null;
  /** The levels are known (hls.js parsed the master playlist). */
  onLevels?: (levels: QualityLevel[]) => void;
  /** The level now playing (index into levels, after an automatic switch too). */
  onLevelSwitched?: (index: number) => void;
  onFatal?: (failure: SourceFailure) => void;
  /** Bytes of a playlist or a segment just loaded (what this video costs the student's bundle). */
  onLoaded?: (bytes: number) => void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** hls.js's light build (95 kB), fetched once per page; a failed fetch is tried again on the next call. */
export const loadHls: () => Promise<HlsClass> = loadOnce(() => import('hls.js/light').then((m) => m.default));

/**
 * Attaches the playlist to the element at once, and start() loads at once: no await between a tap
 * and the element's source, so a play() in the same tap counts as the student's gesture (which
 * iPhones require).
 */
export function attachHls(Hls: HlsClass, video: HTMLVideoElement, url: string, options: SourceOptions): HlsSource {
  let mode = options.mode;
  if (!Hls.isSupported()) {
    if (!video.canPlayType(HLS_TYPE)) {
      options.onFatal?.('unsupported');
      return { levels: [], setLevel: () => {}, setDataSaver: () => {}, start: () => {}, destroy: () => {} };
    }
    // The browser picks the rung itself: nothing to choose. Idle, it gets the playlist at start().
    options.onLevels?.([]);
    if (mode !== 'idle') video.src = url;
    return {
      levels: [],
      setLevel: () => {},
      setDataSaver: () => {},
      start: () => {
        if (mode === 'idle') video.src = url;
        mode = 'play';
      },
      destroy: () => video.removeAttribute('src'),
    };
  }
  // The data saver (issue 44): hls.js's automatic choice stays within the lowest two rungs for the
  // whole video (not only at the start), as a student who turned the saver on expects.
  let saver = options.dataSaver ?? dataSaverOn(options.connection);
  const hls = new Hls({
    workerPath,
    // A cheap phone's small screen never loads a rung taller than it shows. (With the data saver the
    // cap is the saver's, set below: hls.js's size cap would replace it.)
    capLevelToPlayerSize: !saver,
    // Before play, only what shows the first picture or a seek's: one segment of the lowest rung,
    // without spending the student's data on a video they may not play (opening the demo lecture
    // fetched 2.4 MB: a bandwidth test at 240p, then 30 s ahead at 480p). Played, the rung is the
    // student's, the connection's (startLevelFor), or hls.js's choice.
    testBandwidth: false,
    autoStartLoad: mode !== 'idle',
    startPosition: options.startPosition ?? -1,
    ...(mode === 'play' ? {} : { maxBufferLength: 1, maxMaxBufferLength: 1 }),
    xhrSetup: (xhr, requestUrl) => {
      if (options.token && new URL(requestUrl, window.location.href).pathname.startsWith('/api/')) xhr.setRequestHeader('Authorization', `Bearer ${options.token}`);
    },
  });
  let levels: QualityLevel[] = [];
  let recovered = false;
  /** The connection's rung (or the saver's, the lowest) to play from. */
  const start = () =>
    startLevelFor(
      levels.map((l) => l.bandwidth),
      options.connection,
      saver,
    );
  /** The saver's cap on hls.js's automatic choice, or the player's size as the only cap. */
  const capLevels = () => {
    if (saver) {
      hls.capLevelToPlayerSize = false;
      hls.autoLevelCapping = saverCap(levels.map((l) => l.bandwidth));
      return;
    }
    hls.autoLevelCapping = -1;
    // hls.js 1.7's capLevelToPlayerSize setter starts the size cap before it records the new value,
    // so the cap would never start again: the value first, then the start.
    hls.config.capLevelToPlayerSize = true;
    (hls as unknown as { capLevelController?: { startCapping(): void } }).capLevelController?.startCapping();
  };
  /** The rung loading starts at (levels known, loading not begun). */
  const startLevel = () => {
    const height = options.chosenHeight?.();
    const chosen = height === undefined ? -1 : levels.findIndex((l) => l.height === height);
    if (chosen >= 0) {
      hls.startLevel = chosen;
      hls.loadLevel = chosen;
    } else if (mode === 'play') hls.startLevel = start();
    else hls.startLevel = 0;
  };
  hls.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
    levels = data.levels.map((l, index) => ({ index, height: l.height, bandwidth: l.bitrate }));
    if (saver) capLevels();
    // Before the first segment is asked (hls.js starts loading right after this event).
    if (mode !== 'idle') startLevel();
    options.onLevels?.(levels);
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => options.onLevelSwitched?.(data.level));
  // What this video loads, as hls.js measured it: the playlists and every segment (either rung, audio too).
  const loaded = (bytes: number | undefined) => {
    if (bytes) options.onLoaded?.(bytes);
  };
  hls.on(Hls.Events.MANIFEST_LOADED, (_e, data) => loaded(data.stats.loaded));
  hls.on(Hls.Events.LEVEL_LOADED, (_e, data) => loaded(data.stats.loaded));
  hls.on(Hls.Events.AUDIO_TRACK_LOADED, (_e, data) => loaded(data.stats.loaded));
  hls.on(Hls.Events.FRAG_LOADED, (_e, data) => loaded(data.frag.stats.loaded || data.payload.byteLength));
  hls.on(Hls.Events.ERROR, (_e, data) => {
    if (!data.fatal) return;
    // One recovery of a media error (a decode hiccup), else the player says so.
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !recovered) {
      recovered = true;
      hls.recoverMediaError();
      return;
    }
    options.onFatal?.(data.type === Hls.ErrorTypes.NETWORK_ERROR ? 'network' : 'media');
  });
  const bufferAhead = () => {
    hls.config.maxBufferLength = Hls.DefaultConfig.maxBufferLength;
    hls.config.maxMaxBufferLength = Hls.DefaultConfig.maxMaxBufferLength;
  };
  // Played after loading for a first picture or a seek: buffer ahead as hls.js does by default,
  // from the connection's rung unless one was chosen.
  const onPlay = () => {
    bufferAhead();
    const rung = start();
    if (rung > 0 && hls.autoLevelEnabled) hls.nextLoadLevel = rung;
  };
  if (mode === 'preview') video.addEventListener('play', onPlay, { once: true });
  hls.loadSource(url);
  hls.attachMedia(video);
  return {
    get levels() {
      return levels;
    },
    setLevel: (index) => {
      // -1: back to automatic; a chosen rung switches at once (the buffer ahead is dropped).
      hls.currentLevel = index;
    },
    setDataSaver: (on) => {
      if (on === saver) return;
      saver = on;
      // Before the playlist: MANIFEST_PARSED caps from it.
      if (levels.length) capLevels();
    },
    start: (play, position) => {
      if (mode !== 'idle') return;
      mode = play ? 'play' : 'preview';
      if (play) bufferAhead();
      else video.addEventListener('play', onPlay, { once: true });
      // The master playlist may still be on its way: hls.js then starts once it is, from its config.
      if (levels.length) startLevel();
      hls.config.startPosition = position ?? -1;
      hls.startLoad(position ?? -1);
    },
    destroy: () => {
      video.removeEventListener('play', onPlay);
      hls.destroy();
    },
  };
}
