import { csvText } from '@/lib/csv';
import type { QuizResults } from '../api/list-quiz-results';

/** Spec 9: the average rounded; every figure a percent; 0% with no results. */
export function summaryFigures(results: QuizResults | undefined) {
  const s = results?.summary;
  const none = !s || s.totalStudents === 0;
  const pct = (n: number | undefined) => `${none ? 0 : Math.round(n ?? 0)}%`;
  return { total: s?.totalStudents ?? 0, average: pct(s?.averageScore), highest: pct(s?.highestScore), lowest: pct(s?.lowestScore) };
}

/**
 * The results as CSV (lib/csv.ts: RFC 4180, CRLF, a byte-order mark so Excel reads Arabic names).
 * `headers` are the column titles in the user's language; `words` word a band and a pass.
 * The last two columns: the first attempt's score and how much of the gating video was watched before it.
 */
export function resultsCsv(rows: QuizResults['data'], headers: readonly string[], words: { band: (performance: string) => string; passed: (passed: boolean) => string }): string {
  // The first attempt's score and the share of the gating video watched before it: empty when unknown.
  const percent = (n: number | null | undefined) => (n === null || n === undefined ? '' : `${n}%`);
  return csvText([
    headers,
    ...rows.map((r, i) => [i + 1, r.studentName, r.score, words.band(r.performance), r.attempts, words.passed(r.passed), percent(r.firstScore), percent(r.watchedBefore?.percent)]),
  ]);
}

/** A file name from the quiz title (letters of any script, digits, dashes). */
export const csvName = (title: string) => `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'quiz'}-results.csv`;
