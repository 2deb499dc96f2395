/** Merging watched spans into a video's seconds (shared/watched-seconds.ts), checked over random overlaps. */
import { emptyWatched, hundredthsWatched, isCompleted, mergeSpans, type Span, watchedPercent, type Watched } from '../../shared/watched-seconds';

/** A small seeded generator (mulberry32): the same cases on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The reference: every second whose middle some span covers, in a Set. */
const reference = (spans: Span[], limit: number) => {
  const set = new Set<number>();
  for (const [from, to] of spans) for (let s = 0; s < limit; s++) if (s + 0.5 >= from && s + 0.5 < to) set.add(s);
  return set;
};

const randomSpans = (next: () => number, n: number, length: number): Span[] =>
  Array.from({ length: n }, () => {
    const from = Math.round(next() * length * 1.1 * 4) / 4;
    return [from, from + 0.25 + Math.round(next() * 120 * 4) / 4] as const;
  });

const mergeAll = (reports: Span[][], length: number | undefined) => reports.reduce<Watched>((w, r) => mergeSpans(w, r, length), emptyWatched());

describe('mergeSpans', () => {
  it('counts the union of random overlapping spans, whatever the order and however they are split into reports', () => {
    const next = random(42);
    for (let run = 0; run < 300; run++) {
      const length = 30 + Math.floor(next() * 7200);
      const spans = randomSpans(next, 1 + Math.floor(next() * 40), length);
      const expected = reference(spans, length);
      const one = mergeSpans(emptyWatched(), spans, length);
      const shuffled = [...spans].sort(() => next() - 0.5);
      const cut = Math.floor(next() * shuffled.length);
      const split = mergeAll([shuffled.slice(0, cut), shuffled.slice(cut), spans.slice(0, 3)], length);
      expect({ run, seconds: one.seconds }).toEqual({ run, seconds: expected.size });
      expect({ run, seconds: split.seconds, furthest: split.furthest }).toEqual({ run, seconds: expected.size, furthest: one.furthest });
      expect(Buffer.from(split.bits).equals(Buffer.from(one.bits))).toBe(true);
    }
  });

  it('tiles spans that meet: [0, 5.5] and [5.5, 10] are the ten seconds 0–9', () => {
    const w = mergeSpans(emptyWatched(), [[0, 5.5], [5.5, 10]], 60);
    expect([w.seconds, w.furthest]).toEqual([10, 10]);
    expect(mergeSpans(w, [[0, 10]], 60).seconds).toBe(10);
  });

  it('stops at the length and grows only as far as needed; a 2-hour video is 900 bytes', () => {
    const w = mergeSpans(emptyWatched(), [[7000, 9000]], 7200);
    expect([w.seconds, w.furthest, w.bits.length]).toEqual([200, 7200, 900]);
    expect(mergeSpans(emptyWatched(), [[0, 8]], undefined).bits.length).toBe(1);
  });

  it('leaves the bitmap it was given as it was', () => {
    const was = mergeSpans(emptyWatched(), [[0, 4]], 60);
    mergeSpans(was, [[4, 20]], 60);
    expect([was.seconds, was.bits.length]).toEqual([4, 1]);
  });
});

describe('completion and hundredths', () => {
  it('completes at 90 % of the length', () => {
    expect([isCompleted(89, 100), isCompleted(90, 100), isCompleted(90, undefined)]).toEqual([false, true, false]);
    expect([watchedPercent(50, 200), watchedPercent(1, undefined)]).toEqual([25, 0]);
  });

  it('marks the hundredths watched: the first half of a video, and of a video shorter than 100 s', () => {
    const half = hundredthsWatched(mergeSpans(emptyWatched(), [[0, 300]], 600).bits, 600);
    expect([half.slice(0, 50).every(Boolean), half.slice(50).some(Boolean)]).toEqual([true, false]);
    const short = hundredthsWatched(mergeSpans(emptyWatched(), [[0, 20]], 40).bits, 40);
    expect(short.filter(Boolean).length).toBe(50);
  });
});
