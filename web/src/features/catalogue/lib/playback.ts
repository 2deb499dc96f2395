/**
 * The player's rules as plain functions (issue 16), testable without a video element: where to
 * resume, which playback to resume, which rung to start at.
 */
import { readJson, remove, writeJson } from '@/lib/storage';
import { type ConnectionHint, dataSaverOn } from './data-saver';

/** Playback speeds offered in the speed menu. */
export const SPEEDS = [0.75, 1, 1.25, 1.5, 2] as const;

/** A position is kept per video in localStorage under this prefix. */
const POSITION_KEY = (videoId: string) => `video-position:${videoId}`;
/** Earlier than this, starting over loses nothing. */
export const RESUME_MIN_SECONDS = 5;
/** Within this many seconds of the end (or the last 5 %), the video counts as finished: it starts over. */
const NEAR_END_SECONDS = 10;

const nearEnd = (at: number, duration: number) => at >= duration - Math.max(NEAR_END_SECONDS, duration * 0.05);

/** Where to resume a video: the kept position when it is past the first seconds and not near the end. */
export function resumeAt(videoId: string, duration: number): number | undefined {
  const kept = readJson<{ at: number }>(POSITION_KEY(videoId))?.at;
  if (typeof kept !== 'number' || !Number.isFinite(kept) || kept <= RESUME_MIN_SECONDS) return undefined;
  if (Number.isFinite(duration) && duration > 0 && nearEnd(kept, duration)) return undefined;
  return kept;
}

/** Keeps the position (the end forgets it, so the next open starts over). */
export function keepPosition(videoId: string, at: number, duration: number): void {
  if (Number.isFinite(duration) && duration > 0 && nearEnd(at, duration)) remove(POSITION_KEY(videoId));
  else if (at > RESUME_MIN_SECONDS) writeJson(POSITION_KEY(videoId), { at: Math.floor(at) });
}

/** The student's latest playback of a video is kept under this prefix (its id and expiry). */
const PLAYBACK_KEY = (videoId: string) => `video-playback:${videoId}`;
/** A playback this close to its end is not resumed: a new one starts instead. */
const PLAYBACK_RESUME_MARGIN_MS = 30_000;

/** Keeps the playback the server started, so a reload or a retry resumes it (no view counted). */
export function keepPlayback(videoId: string, playback: { playbackId: string; expiresAt: string }): void {
  writeJson(PLAYBACK_KEY(videoId), { playbackId: playback.playbackId, expiresAt: playback.expiresAt });
}

/** The kept playback of a video while it lives (the server decides whether it is still this student's). */
export function livePlaybackId(videoId: string, nowMs = Date.now()): string | undefined {
  const kept = readJson<{ playbackId?: unknown; expiresAt?: unknown }>(PLAYBACK_KEY(videoId));
  if (typeof kept?.playbackId !== 'string' || typeof kept.expiresAt !== 'string') return undefined;
  return Date.parse(kept.expiresAt) - PLAYBACK_RESUME_MARGIN_MS > nowMs ? kept.playbackId : undefined;
}

// Where a connection's hint and the data saver (issue 44) live; kept here for the player's imports.
export { connectionOf, type ConnectionHint } from './data-saver';

/**
 * The rung to start at (an index into `bandwidths`, lowest first) for this connection, or -1 for
 * hls.js's own choice when the browser says nothing: the highest rung whose bandwidth fits 70 % of
 * the estimated downlink; the data saver (`saver`: on by the student's choice or the connection's,
 * lib/data-saver) or a 2G link takes the lowest, 3G at most the second.
 */
export function startLevelFor(bandwidths: readonly number[], connection: ConnectionHint | undefined, saver = dataSaverOn(connection)): number {
  if (bandwidths.length === 0) return -1;
  if (saver) return 0;
  if (!connection) return -1;
  if (connection.effectiveType === 'slow-2g' || connection.effectiveType === '2g') return 0;
  const cap = connection.effectiveType === '3g' ? Math.min(1, bandwidths.length - 1) : bandwidths.length - 1;
  if (typeof connection.downlink !== 'number' || connection.downlink <= 0) return connection.effectiveType === '3g' ? cap : -1;
  const budget = connection.downlink * 1e6 * 0.7;
  let level = 0;
  bandwidths.forEach((b, i) => {
    if (b <= budget && i <= cap) level = i;
  });
  return level;
}

/**
 * Bytes as megabytes (10^6, as phones count a bundle) in the page's language: one decimal under 10
 * (Arabic digits and separator on an Arabic page), whole above.
 */
export function megabytesText(bytes: number, language: 'en' | 'ar'): string {
  const mb = bytes / 1e6;
  const digits = mb < 10 ? 1 : 0;
  return new Intl.NumberFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(mb);
}

/** m:ss or h:mm:ss. */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/** A poster link kept by an open page this close to its expiry is not used: the playback's poster stands in. */
export const POSTER_LINK_MARGIN_SECONDS = 60;

/**
 * The lecture's poster link (issue 14) while it still opens its file: a page left open past the
 * link's life (a long video, then the next one) would show a refused picture, so then none
 * (the playback's poster, behind its cookies, is used). `Expires` is the signed URL's own.
 */
export function livePosterLink(link: string | undefined, nowMs = Date.now()): string | undefined {
  if (!link) return undefined;
  const expires = Number(new URL(link, 'http://x').searchParams.get('Expires'));
  return Number.isFinite(expires) && expires * 1000 > nowMs + POSTER_LINK_MARGIN_SECONDS * 1000 ? link : undefined;
}
