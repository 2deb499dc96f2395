/**
 * Parents and their children (AP111–AP115, docs/parents.md): a student's invite code, the link made
 * once from it (one transaction uses the code, counts the parent and writes both sides), the lists of
 * either side, the teacher's unlink and what a deleted user leaves.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PARENTS_PER_STUDENT_MAX } from '../../shared/constants';
import { BadRequest, Conflict, type HttpError, isConditionFailed, NotFound } from '../lib/errors';
import { ddb, TABLE } from './client';
import { cancellationReasons, queryAll, type TransactItem, writeAll } from './items';
import { keys } from './keys';

export const CODE_INVALID = 'This code is not valid: it may be mistyped, expired or used';
export const TOO_MANY_PARENTS = 'This student has the most parents already';
export const ALREADY_LINKED = 'This child is linked to your account already';

export interface ParentInvite {
  code: string;
  studentId: string;
  validUntil: string;
}
export interface ParentLink {
  parentId: string;
  studentId: string;
  linkedAt: string;
}

/** AP111 */
export async function inviteOf(code: string): Promise<ParentInvite | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.parentInvite(code), ConsistentRead: true }));
  return r.Item ? { code, studentId: String(r.Item.studentId), validUntil: String(r.Item.validUntil) } : undefined;
}

/** AP112: how many parents the student has and their unused invite's code. */
export async function parentsStateOf(studentId: string): Promise<{ n: number; code?: string }> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.parentsOfStudentState(studentId), ConsistentRead: true }));
  return { n: Number(r.Item?.n ?? 0), ...(typeof r.Item?.code === 'string' ? { code: r.Item.code } : {}) };
}

/**
 * The student's new invite, replacing `previous` (their unused one, as read): one transaction, on
 * condition the student is still under the cap and nobody replaced `previous` meanwhile.
 */
export async function putInvite(invite: ParentInvite, previous: string | undefined): Promise<void> {
  const expiresAt = Math.floor(Date.parse(invite.validUntil) / 1000);
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: TABLE, Item: { ...keys.parentInvite(invite.code), studentId: invite.studentId, validUntil: invite.validUntil, expiresAt }, ConditionExpression: 'attribute_not_exists(PK)' } },
          {
            Update: {
              TableName: TABLE,
              Key: keys.parentsOfStudentState(invite.studentId),
              UpdateExpression: 'SET code = :code',
              ConditionExpression: `(attribute_not_exists(n) OR n < :max) AND ${previous ? 'code = :previous' : 'attribute_not_exists(code)'}`,
              ExpressionAttributeValues: { ':code': invite.code, ':max': PARENTS_PER_STUDENT_MAX, ...(previous ? { ':previous': previous } : {}) },
            },
          },
          ...(previous ? [{ Delete: { TableName: TABLE, Key: keys.parentInvite(previous) } }] : []),
        ],
      }),
    );
  } catch (e) {
    if (isConditionFailed(e)) throw new Conflict('Another invite was made at the same moment; try again', 'conflict');
    throw e;
  }
}

/**
 * The writes that use `code` to link the parent to its student, exactly once: the invite Deleted on
 * condition it is still the student's and valid, the count raised under the cap (the student's unused
 * code cleared with it: it is this one), both sides Put once. `refusal` names the error of a failed
 * condition from the transaction's cancellation reasons, in the same order.
 */
export function linkWrites(invite: ParentInvite, parentId: string, now: Date): { items: TransactItem[]; refusal: (reasons: (string | undefined)[]) => HttpError } {
  const linkedAt = now.toISOString();
  const items: TransactItem[] = [
    {
      Delete: {
        TableName: TABLE,
        Key: keys.parentInvite(invite.code),
        ConditionExpression: 'attribute_exists(PK) AND studentId = :s AND validUntil > :now',
        ExpressionAttributeValues: { ':s': invite.studentId, ':now': linkedAt },
      },
    },
    {
      Update: {
        TableName: TABLE,
        Key: keys.parentsOfStudentState(invite.studentId),
        UpdateExpression: 'ADD n :one REMOVE code',
        ConditionExpression: 'attribute_not_exists(n) OR n < :max',
        ExpressionAttributeValues: { ':one': 1, ':max': PARENTS_PER_STUDENT_MAX },
      },
    },
    { Put: { TableName: TABLE, Item: { ...keys.parentOfStudent(invite.studentId, parentId), parentId, linkedAt }, ConditionExpression: 'attribute_not_exists(PK)' } },
    { Put: { TableName: TABLE, Item: { ...keys.childOfParent(parentId, invite.studentId), studentId: invite.studentId, linkedAt }, ConditionExpression: 'attribute_not_exists(PK)' } },
  ];
  const refusal = (reasons: (string | undefined)[]): HttpError => {
    const failed = (i: number) => reasons[i] === 'ConditionalCheckFailed';
    if (failed(2) || failed(3)) return new Conflict(ALREADY_LINKED, 'parent.alreadyLinked');
    if (failed(1)) return new Conflict(TOO_MANY_PARENTS, 'parent.tooMany');
    return new BadRequest(CODE_INVALID, 'parent.codeInvalid');
  };
  return { items, refusal };
}

/** AP115: the parent among every parent (the weekly report's list), written with the parent's record. */
export const parentRegistryWrite = (parentId: string, createdAt: string): TransactItem => ({
  Put: { TableName: TABLE, Item: { ...keys.parent(parentId), parentId, createdAt } },
});

/**
 * AP135 parentsNewestFirst: AP115 whole (an id and a date each: a few thousand parents are one page),
 * newest first — the teacher's "parents only" list (ids are the pool's, not in time order).
 */
export async function parentsNewestFirst(): Promise<string[]> {
  const items = await queryAll({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.parentsPk } });
  return items
    .map((i) => ({ id: i.parentId as string, createdAt: String(i.createdAt ?? '') }))
    .sort((a, b) => (a.createdAt === b.createdAt ? b.id.localeCompare(a.id) : b.createdAt.localeCompare(a.createdAt)))
    .map((p) => p.id);
}

/** Links a signed-up parent to another child with its code (linkWrites in one transaction). */
export async function linkChild(invite: ParentInvite, parentId: string, now: Date): Promise<ParentLink> {
  const { items, refusal } = linkWrites(invite, parentId, now);
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (e) {
    if (isConditionFailed(e)) throw refusal(cancellationReasons(e));
    throw e;
  }
  return { parentId, studentId: invite.studentId, linkedAt: now.toISOString() };
}

/** Both sides of a link and the student's count, in one transaction: 404 parent.notLinked when there is no link. */
export async function unlink(studentId: string, parentId: string): Promise<void> {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: unlinkWrites(studentId, parentId, true) }));
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFound('This parent is not linked to this student', 'parent.notLinked');
    throw e;
  }
}

function unlinkWrites(studentId: string, parentId: string, mustExist: boolean, countDown = true): TransactItem[] {
  return [
    { Delete: { TableName: TABLE, Key: keys.parentOfStudent(studentId, parentId), ...(mustExist ? { ConditionExpression: 'attribute_exists(PK)' } : {}) } },
    { Delete: { TableName: TABLE, Key: keys.childOfParent(parentId, studentId) } },
    ...(countDown ? [{ Update: { TableName: TABLE, Key: keys.parentsOfStudentState(studentId), UpdateExpression: 'ADD n :minus', ExpressionAttributeValues: { ':minus': -1 } } }] : []),
  ];
}

const links = async (pk: string, prefix: string) =>
  queryAll({ TableName: TABLE, KeyConditionExpression: 'PK = :pk AND begins_with(SK, :p)', ExpressionAttributeValues: { ':pk': pk, ':p': prefix }, ConsistentRead: true });

/** AP113 */
export async function parentsOfStudent(studentId: string): Promise<ParentLink[]> {
  const items = await links(keys.user(studentId).PK, keys.parentSkPrefix);
  return items.map((i) => ({ parentId: String(i.parentId), studentId, linkedAt: String(i.linkedAt) }));
}

/** AP114 */
export async function childrenOfParent(parentId: string): Promise<ParentLink[]> {
  const items = await links(keys.user(parentId).PK, keys.childSkPrefix);
  return items.map((i) => ({ parentId, studentId: String(i.studentId), linkedAt: String(i.linkedAt) }));
}

/** AP114 GetItem: the parent's link to this child, if there is one. */
export async function childLink(parentId: string, studentId: string): Promise<ParentLink | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.childOfParent(parentId, studentId) }));
  return r.Item ? { parentId, studentId, linkedAt: String(r.Item.linkedAt) } : undefined;
}

/**
 * What a deleted user leaves of parents: a student's links (both sides), count and unused invite; a
 * parent's links (each child's count down) and their AP115 entry.
 */
export async function removeParentsOf(user: { id: string; role: string }): Promise<void> {
  if (user.role === 'PARENT') {
    const children = await childrenOfParent(user.id);
    await writeAll([...children.flatMap((c) => unlinkWrites(c.studentId, user.id, false)), { Delete: { TableName: TABLE, Key: keys.parent(user.id) } }]);
    return;
  }
  const [parents, state] = await Promise.all([parentsOfStudent(user.id), parentsStateOf(user.id)]);
  await writeAll([
    ...parents.flatMap((p) => unlinkWrites(user.id, p.parentId, false, false)),
    { Delete: { TableName: TABLE, Key: keys.parentsOfStudentState(user.id) } },
    ...(state.code ? [{ Delete: { TableName: TABLE, Key: keys.parentInvite(state.code) } }] : []),
  ]);
}

/** AP117: the parent's weekly report switches, on their record (absent: on); `change` sets those it names. */
export async function reportSwitches(parentId: string, change: { reportEmail?: boolean; reportWhatsApp?: boolean } = {}): Promise<{ reportEmail: boolean; reportWhatsApp: boolean }> {
  const set = Object.entries(change).filter(([, v]) => v !== undefined);
  const record = set.length
    ? (
        await ddb.send(
          new UpdateCommand({
            TableName: TABLE,
            Key: keys.user(parentId),
            UpdateExpression: `SET ${set.map(([n]) => `${n} = :${n}`).join(', ')}`,
            ExpressionAttributeValues: Object.fromEntries(set.map(([n, v]) => [`:${n}`, v])),
            ConditionExpression: 'attribute_exists(PK)',
            ReturnValues: 'ALL_NEW',
          }),
        )
      ).Attributes
    : (await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.user(parentId) }))).Item;
  return { reportEmail: record?.reportEmail !== false, reportWhatsApp: record?.reportWhatsApp !== false };
}
