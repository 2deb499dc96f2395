/**
 * An HLS playlist on a <video> (issue 16). hls.js (its light build, loaded on first use so the
 * first page carries none of it) where Media Source Extensions exist; the browser's own HLS where
 * they do not and it plays application/vnd.apple.mpegurl (Safari on iPhone). Playlists and
 * segments are same-origin, so the playback cookies go along; an AES key is fetched from our API
 * and carries the session token.
 */
import { startLevelFor, type ConnectionHint } from './playback';

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
  destroy(): void;
}

export type SourceFailure = 'network' | 'media' | 'unsupported';

export interface SourceOptions {
  connection?: ConnectionHint;
  /** The session's token, for the AES key route (/api/…). */
  token?: string | null;
  /** The levels are known (hls.js parsed the master playlist). */
  onLevels?: (levels: QualityLevel[]) => void;
  /** The level now playing (index into levels, after an automatic switch too). */
  onLevelSwitched?: (index: number) => void;
  onFatal?: (failure: SourceFailure) => void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

export async function attachHls(video: HTMLVideoElement, url: string, options: SourceOptions = {}): Promise<HlsSource> {
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) {
    if (video.canPlayType(HLS_TYPE)) {
      video.src = url;
      return { levels: [], setLevel: () => {}, destroy: () => video.removeAttribute('src') };
    }
    options.onFatal?.('unsupported');
    return { levels: [], setLevel: () => {}, destroy: () => {} };
  }
  const hls = new Hls({
    // A cheap phone's small screen never loads a rung taller than it shows.
    capLevelToPlayerSize: true,
    // Until the student presses play, only the first segment of the lowest rung: the length, the
    // first picture and a seek are there at once, without spending the student's data on a video
    // they may not play (opening the demo lecture fetched 2.4 MB: a bandwidth test at 240p, then
    // 30 s ahead at 480p). Played, the rung is the connection's (startLevelFor) or hls.js's choice.
    startLevel: 0,
    testBandwidth: false,
    maxBufferLength: 1,
    maxMaxBufferLength: 1,
    xhrSetup: (xhr, requestUrl) => {
      if (options.token && new URL(requestUrl, window.location.href).pathname.startsWith('/api/')) xhr.setRequestHeader('Authorization', `Bearer ${options.token}`);
    },
  });
  let levels: QualityLevel[] = [];
  let start = -1;
  let recovered = false;
  hls.on(Hls.Events.MANIFEST_PARSED, (_e, data) => {
    levels = data.levels.map((l, index) => ({ index, height: l.height, bandwidth: l.bitrate }));
    start = startLevelFor(
      levels.map((l) => l.bandwidth),
      options.connection,
    );
    options.onLevels?.(levels);
  });
  hls.on(Hls.Events.LEVEL_SWITCHED, (_e, data) => options.onLevelSwitched?.(data.level));
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
  // Played: buffer ahead as hls.js does by default, from the connection's rung unless one was chosen.
  const onPlay = () => {
    hls.config.maxBufferLength = Hls.DefaultConfig.maxBufferLength;
    hls.config.maxMaxBufferLength = Hls.DefaultConfig.maxMaxBufferLength;
    if (start > 0 && hls.autoLevelEnabled) hls.nextLoadLevel = start;
  };
  video.addEventListener('play', onPlay, { once: true });
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
    destroy: () => {
      video.removeEventListener('play', onPlay);
      hls.destroy();
    },
  };
}
