/**
 * The weekly report's words, Arabic and English: the e-mail (subject and text), the one-line summary
 * the WhatsApp template carries (a template parameter holds no line break), and the opt-out page.
 */
import type { Locale } from '../../shared/constants';

export interface ChildWeek {
  name: string;
  watchedSeconds: number;
  quizzes: { title: string; score: number; passed: boolean }[];
  lectures: string[];
}

const minutes = (s: number) => Math.round(s / 60);

export function watchedText(seconds: number, locale: Locale): string {
  const m = minutes(seconds);
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (locale === 'ar') return h ? `${h} ساعة${rest ? ` و${rest} دقيقة` : ''}` : `${m} دقيقة`;
  return h ? `${h} h${rest ? ` ${rest} min` : ''}` : `${m} min`;
}

const quiet = (c: ChildWeek) => minutes(c.watchedSeconds) === 0 && c.quizzes.length === 0 && c.lectures.length === 0;

const quizText = (q: ChildWeek['quizzes'][number], locale: Locale) =>
  locale === 'ar' ? `${q.title}: ${q.score}% (${q.passed ? 'ناجح' : 'لم ينجح'})` : `${q.title}: ${q.score}% (${q.passed ? 'passed' : 'not passed'})`;

/** The child's week as e-mail lines. */
function childLines(c: ChildWeek, locale: Locale): string[] {
  const ar = locale === 'ar';
  if (quiet(c)) return [c.name, ar ? '  لم يحدث شيء هذا الأسبوع: لا مشاهدة ولا اختبارات ولا محاضرات جديدة.' : '  Nothing happened this week: no watching, no quizzes, no new lectures.'];
  return [
    c.name,
    `  ${ar ? 'وقت المشاهدة' : 'Watched'}: ${watchedText(c.watchedSeconds, locale)}`,
    `  ${ar ? 'الاختبارات' : 'Quizzes'}: ${c.quizzes.length ? c.quizzes.map((q) => quizText(q, locale)).join(ar ? '، ' : '; ') : ar ? 'لا شيء' : 'none'}`,
    `  ${ar ? 'محاضرات جديدة' : 'Lectures bought'}: ${c.lectures.length ? c.lectures.join(ar ? '، ' : ', ') : ar ? 'لا شيء' : 'none'}`,
  ];
}

export function reportMail(parentName: string, week: { from: string; to: string }, children: ChildWeek[], stop: string, locale: Locale) {
  const ar = locale === 'ar';
  const subject = ar ? `تقرير Bioscope الأسبوعي (${week.from} – ${week.to})` : `Your Bioscope weekly report (${week.from} – ${week.to})`;
  const text = [
    ar ? `مرحبًا ${parentName}،` : `Hello ${parentName},`,
    '',
    ar ? `هذا ما حدث من ${week.from} إلى ${week.to}:` : `Here is the week from ${week.from} to ${week.to}:`,
    '',
    ...children.flatMap((c) => [...childLines(c, locale), '']),
    ar ? `لإيقاف هذا التقرير بالبريد الإلكتروني: ${stop}` : `To stop this report by e-mail: ${stop}`,
  ].join('\n');
  return { subject, text };
}

/** Each child's week on one line, for the WhatsApp template's {{2}}. */
export function whatsAppSummary(children: ChildWeek[], locale: Locale): string {
  const ar = locale === 'ar';
  return children
    .map((c) => {
      if (quiet(c)) return ar ? `${c.name}: لم يحدث شيء هذا الأسبوع` : `${c.name}: nothing happened this week`;
      const parts = [
        ar ? `شاهد ${watchedText(c.watchedSeconds, locale)}` : `watched ${watchedText(c.watchedSeconds, locale)}`,
        ...(c.quizzes.length ? [c.quizzes.map((q) => quizText(q, locale)).join(ar ? '، ' : ', ')] : []),
        ...(c.lectures.length ? [ar ? `محاضرات جديدة: ${c.lectures.join('، ')}` : `new lectures: ${c.lectures.join(', ')}`] : []),
      ];
      return `${c.name}: ${parts.join(ar ? '، ' : ', ')}`;
    })
    .join(' | ');
}

/** The small page the opt-out link answers with. */
export function stoppedPage(channel: 'email' | 'whatsapp', locale: Locale): string {
  const ar = locale === 'ar';
  const what = ar ? (channel === 'email' ? 'بالبريد الإلكتروني' : 'على واتساب') : channel === 'email' ? 'by e-mail' : 'on WhatsApp';
  const title = ar ? 'تم إيقاف التقرير الأسبوعي' : 'Weekly report stopped';
  const line = ar ? `لن يصلك التقرير الأسبوعي ${what} بعد الآن. يمكنك إعادة تشغيله من إعداداتك في Bioscope.` : `You will no longer get the weekly report ${what}. You can turn it back on in your Bioscope settings.`;
  return `<!doctype html><html lang="${locale}" dir="${ar ? 'rtl' : 'ltr'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title>
<style>body{font:17px system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#111;background:#fff}@media(prefers-color-scheme:dark){body{color:#eee;background:#111}}</style></head>
<body><h1>${title}</h1><p>${line}</p></body></html>`;
}
