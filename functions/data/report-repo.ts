/**
 * What the weekly report reads and writes (AP130–AP134): the parents (the contract's PARENTS
 * partition), each parent's children, a child's week of watch time, quiz attempts and purchases,
 * and the sent-marker that makes each (parent, week, channel) go out at most once.
 */
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { getItems, queryAll } from './items';
import { keys } from './keys';

export type ReportChannel = 'email' | 'whatsapp';

/** The parent's record as the report reads it (AP1). */
export interface ReportParent {
  id: string;
  email: string;
  firstName: string;
  mobileNumber?: string;
  locale?: 'ar' | 'en';
  role?: string;
  reportEmail?: boolean;
  reportWhatsApp?: boolean;
}

/** AP131: one page of parent ids, and where the next starts (undefined: the last page). */
export async function parentsPage(start?: Record<string, unknown>, limit = 100): Promise<{ parentIds: string[]; next?: Record<string, unknown> }> {
  const r = await ddb.send(
    new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.parentsPk }, Limit: limit, ExclusiveStartKey: start }),
  );
  return { parentIds: (r.Items ?? []).map((i) => i.SK as string), next: r.LastEvaluatedKey };
}

/** AP1 for several people at once: records by id (absent ids left out). */
export async function recordsByIds<T extends { id: string }>(ids: string[]): Promise<Map<string, T>> {
  const items = await getItems(ids.map((id) => keys.user(id)));
  return new Map(items.flatMap((i) => (i ? [[i.id as string, i as unknown as T] as const] : [])));
}

/** AP132: the parent's children, ids in link order. */
export async function childrenOfParent(parentId: string): Promise<string[]> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.user(parentId).PK, ':sk': keys.childSkPrefix },
  });
  return items.map((i) => (i.studentId as string | undefined) ?? (i.SK as string).slice(keys.childSkPrefix.length));
}

/** AP133: seconds watched over the Cairo days from…to (inclusive). */
export async function watchedSecondsBetween(studentId: string, from: string, to: string): Promise<number> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND SK BETWEEN :a AND :b',
    ExpressionAttributeValues: { ':pk': keys.user(studentId).PK, ':a': keys.watchDay(studentId, from).SK, ':b': keys.watchDay(studentId, to).SK },
  });
  return items.reduce((sum, i) => sum + (typeof i.seconds === 'number' ? i.seconds : 0), 0);
}

export interface WeekAttempt {
  quizId: string;
  score: number;
  passed: boolean;
  finishedAt: string;
}
/** AP134: the student's attempts finished at or after `since` (ISO), oldest first. */
export async function attemptsFinishedSince(studentId: string, since: string): Promise<WeekAttempt[]> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    FilterExpression: 'finishedAt >= :since',
    ProjectionExpression: 'quizId, score, passed, finishedAt',
    ExpressionAttributeValues: { ':pk': keys.user(studentId).PK, ':sk': keys.attemptsSkPrefix, ':since': since },
  });
  return (items as unknown as WeekAttempt[]).sort((a, b) => a.finishedAt.localeCompare(b.finishedAt));
}

/** AP15: the student's lecture purchases (bought or given) made at or after `since` (ISO). */
export async function purchasesSince(studentId: string, since: string): Promise<{ lectureId: string; purchaseDate: string }[]> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    FilterExpression: 'purchaseDate >= :since',
    ProjectionExpression: 'lectureId, purchaseDate, SK',
    ExpressionAttributeValues: { ':pk': keys.user(studentId).PK, ':sk': keys.purchaseSkPrefix, ':since': since },
  });
  return items.filter((i) => !(i.SK as string).startsWith(keys.termPurchaseSkPrefix)).map((i) => ({ lectureId: i.lectureId as string, purchaseDate: i.purchaseDate as string }));
}

/** AP20/AP10 items' titles and names by id (quizzes: title; lectures: name). */
export async function namesOf(quizIds: string[], lectureIds: string[]): Promise<{ quizzes: Map<string, string>; lectures: Map<string, string> }> {
  const items = await getItems([...quizIds.map((id) => keys.quiz(id)), ...lectureIds.map((id) => keys.lecture(id))]);
  const quizzes = new Map<string, string>();
  const lectures = new Map<string, string>();
  quizIds.forEach((id, n) => quizzes.set(id, (items[n]?.title as string | undefined) ?? ''));
  lectureIds.forEach((id, n) => lectures.set(id, (items[quizIds.length + n]?.name as string | undefined) ?? ''));
  return { quizzes, lectures };
}

const MARKER_DAYS = 400;

/** AP130: claims the (parent, week, channel) before its send; false when it was claimed already (sent, failed or under way). */
export async function claimReport(parentId: string, weekTo: string, channel: ReportChannel, now: Date): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...keys.weeklyReportSent(parentId, weekTo, channel), status: 'sending', at: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + MARKER_DAYS * 86_400 },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

export type ReportOutcome = { status: 'sent'; messageId?: string } | { status: 'failed'; code: number; reason: string } | { status: 'dropped' };
/** AP130: what became of the claimed send (never sent again, whatever it was). */
export async function recordReportOutcome(parentId: string, weekTo: string, channel: ReportChannel, outcome: ReportOutcome): Promise<void> {
  const fields: Record<string, unknown> = { ...outcome };
  const names = Object.keys(fields);
  await ddb.send(
    new UpdateCommand({
      TableName: TABLE,
      Key: keys.weeklyReportSent(parentId, weekTo, channel),
      UpdateExpression: `SET ${names.map((n, i) => `#n${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(names.map((n, i) => [`#n${i}`, n])),
      ExpressionAttributeValues: Object.fromEntries(names.map((n, i) => [`:v${i}`, fields[n]])),
    }),
  );
}

/** AP1: the parent's switch of that channel off (reportEmail / reportWhatsApp false); false when no parent has this id. */
export async function switchReportOff(parentId: string, channel: ReportChannel): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.user(parentId),
        UpdateExpression: 'SET #switch = :off',
        ConditionExpression: 'attribute_exists(PK) AND #role = :parent',
        ExpressionAttributeNames: { '#switch': channel === 'email' ? 'reportEmail' : 'reportWhatsApp', '#role': 'role' },
        ExpressionAttributeValues: { ':off': false, ':parent': 'PARENT' },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}
