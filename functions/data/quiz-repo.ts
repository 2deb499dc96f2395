/**
 * Quizzes with their questions (AP20, AP21) and their assignment to a Quiz section (AP30).
 * A quiz is assigned to at most one section: the spec's unassign names the quiz alone.
 */
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { QuestionType } from '../../shared/constants';
import type { QuizSettings } from '../../shared/schemas/quizzes';
import { NotFound, isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import type { ReadAlong } from '../lib/http';
import { type TransactItem, getItems, queryAll, readAlongOf, withoutKeys, writeAll } from './items';
import { type Key, keys } from './keys';

export interface QuizRecord {
  id: string;
  title: string;
  description: string;
  imageKey?: string;
  createdAt: string;
  updatedAt: string;
  questionCount: number;
  /** The Quiz section it is assigned to. */
  contentId: string | null;
  settings: QuizSettings;
  /** Every tag of its questions, sorted (the question bank's tags and its filter read it from AP21). */
  tags?: string[];
}

export interface OptionRecord {
  id: string;
  text: string;
}

export interface QuestionRecord {
  id: string;
  quizId: string;
  order: number;
  text: string;
  type: QuestionType;
  imageKey?: string;
  /** Its lesson(s); the first is its group when an attempt draws by tags. */
  tags?: string[];
  options: OptionRecord[];
  /** Never leaves the server except in the admin's view. */
  correctOptionId: string;
}

export interface QuizWithQuestions {
  quiz: QuizRecord;
  questions: QuestionRecord[];
}

const quizItem = (q: QuizRecord) => ({ ...keys.quiz(q.id), ...keys.quizzesIndex(q.createdAt, q.id), ...q });
const questionPut = (q: QuestionRecord): TransactItem => ({ Put: { TableName: TABLE, Item: { ...keys.question(q.quizId, q.order, q.id), ...q } } });
const questionKey = (q: QuestionRecord) => keys.question(q.quizId, q.order, q.id);

/** AP20: the quiz and its questions in order, one Query. */
export async function quizWithQuestions(id: string): Promise<QuizWithQuestions | undefined> {
  const items = await queryAll({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.quizPk(id) } });
  const head = items.find((i) => i.SK === keys.quiz(id).SK);
  if (!head) return undefined;
  const questions = items.filter((i) => String(i.SK).startsWith(keys.questionSkPrefix)).map((i) => withoutKeys<QuestionRecord>(i));
  return { quiz: withoutKeys<QuizRecord>(head), questions };
}

/**
 * The quiz item's version (its updatedAt), read strongly consistent; undefined once deleted. A
 * submit checks it instead of putting the quiz item in its transaction: transactions that share an
 * item conflict in DynamoDB (an item in a TransactWriteItems that is part of another ongoing one), so
 * a class submitting at once would cancel each other on the one quiz item. Taken from `along` when
 * the session gate read the quiz item there (as consistently).
 */
export async function quizVersion(id: string, along?: ReadAlong): Promise<string | undefined> {
  const pre = readAlongOf(along, keys.quiz(id));
  if (pre) return pre.item?.updatedAt as string | undefined;
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.quiz(id), ConsistentRead: true, ProjectionExpression: 'updatedAt' }));
  return r.Item?.updatedAt as string | undefined;
}

/** The quiz item's key, for a route that names it to be read along the session (lib/http.ts readsAlong). */
export const quizKeyOf = (id: string): Key => keys.quiz(id);

export async function quizById(id: string, along?: ReadAlong): Promise<QuizRecord | undefined> {
  const pre = readAlongOf(along, keys.quiz(id));
  if (pre) return pre.item && withoutKeys<QuizRecord>(pre.item);
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.quiz(id) }));
  return r.Item ? withoutKeys<QuizRecord>(r.Item) : undefined;
}

/** AP21: every quiz, newest first. */
export async function allQuizzes(): Promise<QuizRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.quizzesIndexPk },
    ScanIndexForward: false,
  });
  return items.map((i) => withoutKeys<QuizRecord>(i));
}

/** Which of these quiz ids name a quiz (AP20 quiz items in one BatchGetItem). */
export async function existingQuizIds(ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const found = await getItems(unique.map((id) => keys.quiz(id)));
  return new Set(unique.filter((_, i) => found[i] !== undefined));
}

/** AP30 then the quizzes themselves in one BatchGetItem; assignments whose quiz is gone are skipped. */
export async function quizzesOfSection(sectionId: string): Promise<QuizRecord[]> {
  const links = await queryAll({
    TableName: TABLE,
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
    ExpressionAttributeValues: { ':pk': keys.section(sectionId).PK, ':sk': keys.quizzesOfSectionPrefix },
  });
  if (!links.length) return [];
  const quizzes = await getItems(links.map((l) => keys.quiz(String(l.quizId))));
  return quizzes.filter((q): q is Record<string, unknown> => q !== undefined).map((q) => withoutKeys<QuizRecord>(q));
}

/** The quiz and its questions; the quiz item first, so a repeated id fails before anything is written. */
export async function createQuiz(quiz: QuizRecord, questions: QuestionRecord[]): Promise<void> {
  await writeAll([{ Put: { TableName: TABLE, Item: quizItem(quiz), ConditionExpression: 'attribute_not_exists(PK)' } }, ...questions.map(questionPut)]);
}

/**
 * Writes the edited quiz: the quiz item (it must still exist), every question at its new place,
 * and deletes the items of questions removed or moved. Up to 100 items go in one transaction.
 */
export async function replaceQuiz(quiz: QuizRecord, questions: QuestionRecord[], before: QuestionRecord[]): Promise<void> {
  const kept = new Set(questions.map((q) => questionKey(q).SK));
  const gone = before.filter((q) => !kept.has(questionKey(q).SK));
  await writeAll(
    [
      { Put: { TableName: TABLE, Item: quizItem(quiz), ConditionExpression: 'attribute_exists(PK)' } },
      ...questions.map(questionPut),
      ...gone.map((q): TransactItem => ({ Delete: { TableName: TABLE, Key: questionKey(q) } })),
    ],
    'The quiz no longer exists',
  );
}

/** Removes one question and lowers the quiz's count, together. */
export async function deleteQuestion(q: QuestionRecord): Promise<void> {
  await writeAll(
    [
      { Delete: { TableName: TABLE, Key: questionKey(q), ConditionExpression: 'attribute_exists(PK)' } },
      {
        Update: {
          TableName: TABLE,
          Key: keys.quiz(q.quizId),
          UpdateExpression: 'ADD questionCount :n SET updatedAt = :at',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':n': -1, ':at': new Date().toISOString() },
        },
      },
    ],
    'The question was already deleted',
  );
}

/** The quiz item, its questions and its assignment. */
export async function deleteQuizTree({ quiz, questions }: QuizWithQuestions): Promise<void> {
  await writeAll([
    { Delete: { TableName: TABLE, Key: keys.quiz(quiz.id) } },
    ...(quiz.contentId ? [{ Delete: { TableName: TABLE, Key: keys.quizOfSection(quiz.contentId, quiz.id) } }] : []),
    ...questions.map((q): TransactItem => ({ Delete: { TableName: TABLE, Key: questionKey(q) } })),
  ]);
}

/** Assigns the quiz to a section, moving it from the one it had. */
export async function assignQuiz(quiz: QuizRecord, sectionId: string): Promise<void> {
  const at = new Date().toISOString();
  await writeAll(
    [
      {
        Update: {
          TableName: TABLE,
          Key: keys.quiz(quiz.id),
          UpdateExpression: 'SET contentId = :s, updatedAt = :at',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':s': sectionId, ':at': at },
        },
      },
      { Put: { TableName: TABLE, Item: { ...keys.quizOfSection(sectionId, quiz.id), quizId: quiz.id, contentId: sectionId, assignedAt: at } } },
      ...(quiz.contentId && quiz.contentId !== sectionId ? [{ Delete: { TableName: TABLE, Key: keys.quizOfSection(quiz.contentId, quiz.id) } }] : []),
    ],
    'The quiz no longer exists',
  );
}

export async function unassignQuiz(quiz: QuizRecord): Promise<void> {
  if (!quiz.contentId) return;
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.quiz(quiz.id),
        UpdateExpression: 'SET contentId = :none',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':none': null },
      }),
    );
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFound('Quiz not found', 'quiz.notFound');
    throw e;
  }
  await writeAll([{ Delete: { TableName: TABLE, Key: keys.quizOfSection(quiz.contentId, quiz.id) } }]);
}
