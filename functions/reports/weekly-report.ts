/**
 * The weekly report (issue 43 item 4): every Friday (EventBridge Scheduler, 18:00 Cairo) each parent
 * gets each child's week — watch time, quizzes finished, lectures bought, or a line saying nothing
 * happened — by e-mail (sendMail, the parent's language) and by a WhatsApp template message
 * (weekly_report) to the parent's mobile number, each with a one-tap opt-out link.
 *
 * The week is the seven Cairo days Friday to Thursday before the run's Friday (a run on any day
 * reports the latest such week), so a late or repeated run reports the same week. Each (parent, week,
 * channel) is claimed with a conditional write (AP130) before it is sent: a second run sends nothing
 * twice, and a send that failed is recorded, not retried.
 */
import type { Locale } from '../../shared/constants';
import { addDays, cairoDay } from '../../shared/calendar';
import { sendMail } from '../data/mailer';
import {
  attemptsFinishedSince,
  childrenOfParent,
  claimReport,
  namesOf,
  parentsPage,
  purchasesSince,
  recordReportOutcome,
  recordsByIds,
  type ReportChannel,
  type ReportParent,
  watchedSecondsBetween,
} from '../data/report-repo';
import { logger } from '../lib/log';
import { sendWhatsAppTemplate, TEMPLATES } from '../notify/public';
import { stopLink } from './report-link';
import { type ChildWeek, reportMail, whatsAppSummary } from './report-texts';

/** Parents reported at once (each a handful of reads, two conditional writes and two sends). */
const PARALLEL = 8;
const FRIDAY = 5;

export interface Week {
  from: string;
  to: string;
}
/** The Friday-to-Thursday week before the latest Friday on or before `now` (Cairo days). */
export function reportWeek(now: Date): Week {
  const today = cairoDay(now);
  const back = (new Date(`${today}T00:00:00Z`).getUTCDay() - FRIDAY + 7) % 7;
  const friday = addDays(today, -back);
  return { from: addDays(friday, -7), to: addDays(friday, -1) };
}

export interface ChannelCount {
  sent: number;
  failed: number;
  /** Claimed by an earlier run (sent, failed or under way then): not sent again. */
  alreadySent: number;
  /** Switched off, or no address/number. */
  skipped: number;
}
export interface WeeklyReportResult {
  week: Week;
  parents: number;
  email: ChannelCount;
  whatsapp: ChannelCount;
  /** Parents not reached before `until` (the Lambda's time ran out): a retry reports them. */
  unfinished: number;
}

const count = (): ChannelCount => ({ sent: 0, failed: 0, alreadySent: 0, skipped: 0 });

/** A child's week, read from the table. */
async function childWeek(name: string, studentId: string, week: Week): Promise<ChildWeek> {
  // A day's margin each side of the Cairo week in UTC instants; the Cairo day is checked exactly below.
  const since = `${addDays(week.from, -1)}T00:00:00.000Z`;
  const inWeek = (iso: string) => {
    const day = cairoDay(new Date(iso));
    return day >= week.from && day <= week.to;
  };
  const [watchedSeconds, attempts, purchases] = await Promise.all([
    watchedSecondsBetween(studentId, week.from, week.to),
    attemptsFinishedSince(studentId, since).then((a) => a.filter((x) => inWeek(x.finishedAt))),
    purchasesSince(studentId, since).then((p) => p.filter((x) => inWeek(x.purchaseDate))),
  ]);
  const names = await namesOf([...new Set(attempts.map((a) => a.quizId))], purchases.map((p) => p.lectureId));
  return {
    name,
    watchedSeconds,
    quizzes: attempts.map((a) => ({ title: names.quizzes.get(a.quizId) || '—', score: a.score, passed: a.passed })),
    lectures: purchases.map((p) => names.lectures.get(p.lectureId) || '—'),
  };
}

/** A mobile number in E.164, or undefined (an Egyptian 01… number gains +2). */
export function e164(mobile: string | undefined): string | undefined {
  const n = mobile?.replace(/[\s-]/g, '');
  if (!n) return undefined;
  if (/^\+[1-9]\d{7,14}$/.test(n)) return n;
  if (/^01\d{9}$/.test(n)) return `+2${n}`;
  return undefined;
}

async function sendOnce(parent: ReportParent, week: Week, channel: ReportChannel, now: Date, tally: ChannelCount, send: () => Promise<Parameters<typeof recordReportOutcome>[3]>) {
  if (!(await claimReport(parent.id, week.to, channel, now))) {
    tally.alreadySent++;
    return;
  }
  let outcome: Parameters<typeof recordReportOutcome>[3];
  try {
    outcome = await send();
  } catch (e) {
    logger.error('weekly report send failed', { channel, parentId: parent.id, error: e });
    outcome = { status: 'failed', code: 0, reason: 'error' };
  }
  await recordReportOutcome(parent.id, week.to, channel, outcome);
  if (outcome.status === 'sent') tally.sent++;
  else tally.failed++;
}

async function reportParent(parent: ReportParent, week: Week, now: Date, result: WeeklyReportResult) {
  const locale: Locale = parent.locale === 'ar' ? 'ar' : 'en';
  const wantsEmail = parent.reportEmail !== false && !!parent.email;
  const number = parent.reportWhatsApp !== false ? e164(parent.mobileNumber) : undefined;
  if (!wantsEmail) result.email.skipped++;
  if (!number) result.whatsapp.skipped++;
  if (!wantsEmail && !number) return;
  const childIds = await childrenOfParent(parent.id);
  const records = await recordsByIds<{ id: string; firstName: string; lastName: string }>(childIds);
  const children = await Promise.all(
    childIds.filter((id) => records.has(id)).map((id) => childWeek(`${records.get(id)!.firstName} ${records.get(id)!.lastName}`.trim(), id, week)),
  );
  if (children.length === 0) return;
  if (wantsEmail) {
    await sendOnce(parent, week, 'email', now, result.email, async () => {
      const mail = reportMail(parent.firstName, week, children, stopLink(parent.id, 'email'), locale);
      return (await sendMail({ to: parent.email, ...mail })) ? { status: 'sent' } : { status: 'dropped' };
    });
  }
  if (number) {
    await sendOnce(parent, week, 'whatsapp', now, result.whatsapp, async () => {
      const r = await sendWhatsAppTemplate({
        to: number,
        template: TEMPLATES.weeklyReport,
        language: locale,
        params: [parent.firstName, whatsAppSummary(children, locale), stopLink(parent.id, 'whatsapp')],
        key: `weekly:${parent.id}:${week.to}`,
      });
      return r.sent ? { status: 'sent', messageId: r.id } : { status: 'failed', code: r.code, reason: r.reason };
    });
  }
}

/** Runs the week's report for every parent; `until` (epoch ms) stops starting parents when time runs out. */
export async function runWeeklyReport(now: Date, until = Number.POSITIVE_INFINITY): Promise<WeeklyReportResult> {
  const week = reportWeek(now);
  const result: WeeklyReportResult = { week, parents: 0, email: count(), whatsapp: count(), unfinished: 0 };
  let start: Record<string, unknown> | undefined;
  do {
    const page = await parentsPage(start);
    start = page.next;
    if (Date.now() > until) {
      result.unfinished += page.parentIds.length;
      continue;
    }
    const parents = await recordsByIds<ReportParent>(page.parentIds);
    const queue = page.parentIds.flatMap((id) => {
      const p = parents.get(id);
      return p && p.role === 'PARENT' ? [p] : [];
    });
    result.parents += queue.length;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        for (let p = queue.shift(); p; p = queue.shift()) {
          if (Date.now() > until) result.unfinished++;
          else await reportParent(p, week, now, result);
        }
      }),
    );
  } while (start);
  logger.info('weekly report run', { ...result });
  return result;
}
