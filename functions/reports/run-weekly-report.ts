/**
 * The weekly report's Lambda (infra/constructs/weekly-report.ts): EventBridge Scheduler invokes it
 * every Friday at 18:00 Cairo time. It stops starting parents a minute before its timeout and then
 * fails, so Lambda's asynchronous retry runs it again: the parents already reported are skipped by
 * their sent-markers.
 */
import type { Context } from 'aws-lambda';
import { runWeeklyReport } from './weekly-report';

const MARGIN_MS = 60_000;

export const handler = async (_event: unknown, context: Context) => {
  const result = await runWeeklyReport(new Date(), Date.now() + context.getRemainingTimeInMillis() - MARGIN_MS);
  if (result.unfinished > 0) throw new Error(`weekly report: ${result.unfinished} parents left for the retry`);
  return result;
};
