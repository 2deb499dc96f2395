/**
 * A student's watching of one video as a bitmap of its seconds (issue 42, docs/watching.md): second s
 * is watched when a reported span covers its middle (s + 0.5), so spans that meet ([0, 5.5], [5.5, 10])
 * tile the seconds exactly and a span sent twice adds nothing. A 2-hour video is 900 bytes, merged in
 * memory and written back whole: one conditional write per report, never a read of past reports.
 */

/** Watched from this share of its length, a video is completed. */
export const COMPLETED_SHARE = 0.9;
/** The seconds a video without a known length is tracked to (its bitmap grows as far as it is watched). */
export const UNKNOWN_LENGTH_LIMIT = 6 * 3600;

export type Span = readonly [from: number, to: number];

export interface Watched {
  /** One bit per second, second s at byte s >> 3, bit s & 7. */
  bits: Uint8Array;
  /** How many bits are set (the union of every span, in seconds). */
  seconds: number;
  /** The furthest second reached (the end of the latest-ending span). */
  furthest: number;
}

export const emptyWatched = (): Watched => ({ bits: new Uint8Array(0), seconds: 0, furthest: 0 });

/** The seconds a span covers (their middles): from ⌈from − ½⌉ to ⌈to − ½⌉ − 1, within [0, limit). */
export function secondsOf([from, to]: Span, limit: number): [first: number, last: number] | undefined {
  const first = Math.max(0, Math.ceil(from - 0.5));
  const last = Math.min(limit, Math.ceil(to - 0.5)) - 1;
  return last >= first ? [first, last] : undefined;
}

/**
 * The spans added to what was watched: a new bitmap (the old one is left as it was), the count of
 * seconds now set, and the furthest point. `length`: the video's seconds (undefined: unknown, tracked
 * to UNKNOWN_LENGTH_LIMIT). Seconds past the length are not counted.
 */
export function mergeSpans(was: Watched, spans: readonly Span[], length: number | undefined): Watched {
  const limit = Math.ceil(length ?? UNKNOWN_LENGTH_LIMIT);
  let needed = was.bits.length;
  let furthest = was.furthest;
  const ranges: [number, number][] = [];
  for (const span of spans) {
    const r = secondsOf(span, limit);
    if (!r) continue;
    ranges.push(r);
    needed = Math.max(needed, (r[1] >> 3) + 1);
    furthest = Math.max(furthest, Math.min(limit, Math.floor(span[1])));
  }
  const bits = new Uint8Array(needed);
  bits.set(was.bits);
  let seconds = was.seconds;
  for (const [first, last] of ranges) {
    for (let s = first; s <= last; s++) {
      const mask = 1 << (s & 7);
      if ((bits[s >> 3]! & mask) === 0) {
        bits[s >> 3]! |= mask;
        seconds++;
      }
    }
  }
  return { bits, seconds, furthest };
}

/** Whether second s is set. */
export const isWatched = (bits: Uint8Array, s: number) => ((bits[s >> 3] ?? 0) & (1 << (s & 7))) !== 0;

/** The share (0–100, whole) of a video's length watched; 0 when the length is unknown. */
export const watchedPercent = (seconds: number, length: number | undefined) => (length && length > 0 ? Math.min(100, Math.round((seconds / Math.ceil(length)) * 100)) : 0);

export const isCompleted = (seconds: number, length: number | undefined) => !!length && length > 0 && seconds >= COMPLETED_SHARE * Math.ceil(length);

/**
 * The 100 hundredths of a video this viewer watched: hundredth i covers seconds ⌊i·L/100⌋ up to
 * (not including) ⌊(i+1)·L/100⌋ — at least the one second it starts in — and counts as watched when at
 * least half of its seconds are.
 */
export function hundredthsWatched(bits: Uint8Array, length: number): boolean[] {
  const l = Math.ceil(length);
  return Array.from({ length: 100 }, (_, i) => {
    const from = Math.floor((i * l) / 100);
    const to = Math.max(from + 1, Math.floor(((i + 1) * l) / 100));
    let n = 0;
    for (let s = from; s < to; s++) if (isWatched(bits, s)) n++;
    return n * 2 >= to - from;
  });
}
