import type { QuizResults } from '../api/list-quiz-results';

/** Spec 9: the average rounded; every figure a percent; 0% with no results. */
export function summaryFigures(results: QuizResults | undefined) {
  const s = results?.summary;
  const none = !s || s.totalStudents === 0;
  const pct = (n: number | undefined) => `${none ? 0 : Math.round(n ?? 0)}%`;
  return { total: s?.totalStudents ?? 0, average: pct(s?.averageScore), highest: pct(s?.highestScore), lowest: pct(s?.lowestScore) };
}

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused (spreadsheet formulas). */
const field = (v: string | number) => {
  let s = String(v);
  if (/^[=+\-@]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The results as CSV (RFC 4180, CRLF), with a UTF-8 byte-order mark so Excel reads Arabic names.
 * `headers` are the column titles in the user's language; `words` word a band and a pass.
 */
export function resultsCsv(rows: QuizResults['data'], headers: readonly string[], words: { band: (performance: string) => string; passed: (passed: boolean) => string }): string {
  const lines = [headers, ...rows.map((r, i) => [i + 1, r.studentName, r.score, words.band(r.performance), r.attempts, words.passed(r.passed)])];
  return `\uFEFF${lines.map((l) => l.map(field).join(',')).join('\r\n')}\r\n`;
}

/** Save `text` as a file from the browser (a Blob and a temporary link). */
export function download(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name from the quiz title (letters of any script, digits, dashes). */
export const csvName = (title: string) => `${title.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'quiz'}-results.csv`;
