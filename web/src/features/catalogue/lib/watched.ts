/**
 * Issue 41 (for issue 42's insight): the spans of a video played since the last report, read from the
 * video element's `played` ranges — what they hold now, less what was already reported.
 */
import type { Span } from '../api/save-playback-progress';

/** Shorter than this, a span is a seek's crumb, not watching. */
const MIN_SPAN_SECONDS = 0.5;
const tenth = (s: number) => Math.round(s * 10) / 10;

/** A TimeRanges as spans. */
export function spansOf(ranges: Pick<TimeRanges, 'length' | 'start' | 'end'>): Span[] {
  const out: Span[] = [];
  for (let i = 0; i < ranges.length; i++) out.push([ranges.start(i), ranges.end(i)]);
  return out;
}

/** `played` less `reported` (both sorted, non-overlapping as TimeRanges are), to a tenth of a second. */
export function newSpans(played: readonly Span[], reported: readonly Span[]): Span[] {
  const out: Span[] = [];
  for (const [from, to] of played) {
    let pieces: Span[] = [[from, to]];
    for (const [rf, rt] of reported) pieces = pieces.flatMap(([a, b]): Span[] => (rt <= a || rf >= b ? [[a, b]] : [...(rf > a ? [[a, rf] as Span] : []), ...(rt < b ? [[rt, b] as Span] : [])]));
    out.push(...pieces);
  }
  return out.map(([a, b]): Span => [tenth(a), tenth(b)]).filter(([a, b]) => b - a >= MIN_SPAN_SECONDS);
}
