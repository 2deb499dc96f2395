/** The opt-out link's effect: that one channel of that one parent switched off. */
import type { Locale } from '../../shared/constants';
import { recordsByIds, type ReportChannel, type ReportParent, switchReportOff } from '../data/report-repo';
import { BadRequest } from '../lib/errors';
import { isStopToken } from './report-link';
import { stoppedPage } from './report-texts';

const linkInvalid = () => new BadRequest('This link is not valid. Open the latest report and try again.', 'report.linkInvalid');

/** Switches the channel off when the token is the link's; the page to show, in the parent's language. */
export async function stopWeeklyReport(parentId: string, channel: ReportChannel, token: string): Promise<string> {
  if (!isStopToken(parentId, channel, token)) throw linkInvalid();
  if (!(await switchReportOff(parentId, channel))) throw linkInvalid();
  const parent = (await recordsByIds<ReportParent>([parentId])).get(parentId);
  const locale: Locale = parent?.locale === 'ar' ? 'ar' : 'en';
  return stoppedPage(channel, locale);
}
