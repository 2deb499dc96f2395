/**
 * A student's results: one result item per quiz (AP22, listed per quiz by AP23) and every attempt
 * kept (AP29, listed per quiz by AP70). Each write of a result conditions on the version it read, so two submits of one
 * student at once cannot both count (the maximum number of attempts holds across tabs).
 */
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactItem } from './items';
import { ddb, TABLE } from './client';
import type { ReadAlong } from '../lib/http';
import { queryAll, readAlongOf, withoutKeys } from './items';
import { type Key, keys } from './keys';

/** One question of an attempt as it was marked. */
export interface AnswerMark {
  questionId: string;
  answerText: string | null;
  correct: boolean;
}

/**
 * An attempt in progress, its answers saved as given: a timed one opened by the server with its
 * deadline, an untimed one (deadline null) at its first saved answer.
 */
export interface OpenAttempt {
  number: number;
  startedAt: string;
  deadline: string | null;
  answers: Record<string, string>;
  /** The questions this attempt drew (settings.drawCount), fixed when it opened; absent: every question. */
  drawn?: string[];
}

export interface ResultRecord {
  userId: string;
  quizId: string;
  studentName: string;
  /** Finished attempts. */
  attempts: number;
  bestScore: number | null;
  /** The marks of the best attempt (the results table and its analytics read them). */
  best: AnswerMark[];
  passed: boolean;
  lastScore: number | null;
  open: OpenAttempt | null;
  version: number;
  updatedAt: string;
  /** The latest attempt's watchedBefore (AttemptRecord); absent on results kept before it. */
  watchedBefore?: { videoId: string; percent: number } | null;
}

export interface AttemptRecord {
  userId: string;
  quizId: string;
  number: number;
  startedAt: string | null;
  finishedAt: string;
  score: number;
  passed: boolean;
  marks: AnswerMark[];
  closedAtDeadline: boolean;
  /** How much of the video the quiz gates the student had watched at the submit (quizzes/watched-before.ts); null: unknown or none. */
  watchedBefore?: { videoId: string; percent: number } | null;
}

/** AP22's key, for a route that names it to be read along the session (lib/http.ts readsAlong). */
export const resultKeyOf = (userId: string, quizId: string): Key => keys.result(userId, quizId);

/** AP22, strongly consistent; taken from `along` when the session gate read it there (as consistently). */
export async function resultOf(userId: string, quizId: string, along?: ReadAlong): Promise<ResultRecord | undefined> {
  const pre = readAlongOf(along, keys.result(userId, quizId));
  if (pre) return pre.item && withoutKeys<ResultRecord>(pre.item);
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.result(userId, quizId), ConsistentRead: true }));
  return r.Item ? withoutKeys<ResultRecord>(r.Item) : undefined;
}

/** AP23: every student's result of the quiz (those with an attempt finished or open). */
export async function resultsOfQuiz(quizId: string): Promise<ResultRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.resultsOfQuizPk(quizId) },
  });
  return items.map((i) => withoutKeys<ResultRecord>(i));
}

/** The quiz gate's keys: the student's result of each gating quiz (AP22), for the caller's own BatchGet. */
export const gateKeys = (userId: string, quizIds: string[]) => quizIds.map((q) => keys.result(userId, q));

/** Which of these quizzes the student passed, from the items read at gateKeys(userId, quizIds). */
export const passedOf = (quizIds: string[], items: (Record<string, unknown> | undefined)[]): Set<string> => new Set(quizIds.filter((_, j) => items[j]?.passed === true));

const resultItem = (r: ResultRecord) => ({ ...keys.result(r.userId, r.quizId), ...keys.resultOfQuiz(r.quizId, r.userId), ...r });
const attemptItem = (a: AttemptRecord) => ({ ...keys.attempt(a.userId, a.quizId, a.number), ...keys.attemptOfQuiz(a.quizId, a.userId, a.number), ...a });
const versionCondition = (previous: number | undefined) =>
  previous === undefined
    ? { ConditionExpression: 'attribute_not_exists(PK)' }
    : { ConditionExpression: 'version = :v', ExpressionAttributeValues: { ':v': previous } };

const lostRace = (e: unknown) =>
  e instanceof Error &&
  (e.name === 'ConditionalCheckFailedException' || e.name === 'TransactionConflictException' || (e.name === 'TransactionCanceledException' && /ConditionalCheckFailed|TransactionConflict/.test(e.message)));

/**
 * Writes the result (version `previous` + 1, or new when `previous` is undefined) and, when given,
 * the finished attempt and `also` (the student's notification of it), in one transaction: only the
 * student's own items (a shared item would make a class's concurrent submits conflict). 'raced' when
 * another write got there first (read again).
 */
export async function writeResult(result: ResultRecord, previous: number | undefined, attempt?: AttemptRecord, also: TransactItem[] = []): Promise<'written' | 'raced'> {
  const put = { TableName: TABLE, Item: resultItem(result), ...versionCondition(previous) };
  try {
    if (!attempt && !also.length) await ddb.send(new PutCommand(put));
    else
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [{ Put: put }, ...(attempt ? [{ Put: { TableName: TABLE, Item: attemptItem(attempt), ConditionExpression: 'attribute_not_exists(PK)' } }] : []), ...also],
        }),
      );
    return 'written';
  } catch (e) {
    if (lostRace(e)) return 'raced';
    throw e;
  }
}

/** AP29 */
export async function attemptsOf(userId: string, quizId: string): Promise<AttemptRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.user(userId).PK, ':sk': keys.attemptSkPrefix(quizId) },
  });
  return items.map((i) => withoutKeys<AttemptRecord>(i));
}

/** AP70: every attempt at the quiz that carries the index's keys, by student then number. */
export async function attemptsOfQuiz(quizId: string): Promise<AttemptRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.attemptsOfQuizPk(quizId) },
  });
  return items.map((i) => withoutKeys<AttemptRecord>(i));
}

/** A deleted quiz leaves no results or attempts behind. */
export async function deleteResultsOfQuiz(quizId: string): Promise<void> {
  const results = await resultsOfQuiz(quizId);
  for (const r of results) {
    const attempts = await attemptsOf(r.userId, quizId);
    await Promise.all(
      [...attempts.map((a) => keys.attempt(a.userId, quizId, a.number)), keys.result(r.userId, quizId)].map((Key) => ddb.send(new DeleteCommand({ TableName: TABLE, Key }))),
    );
  }
}
