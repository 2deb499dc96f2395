/**
 * A student's notifications (AP120), the new lectures of a school year (AP121, one item per lecture
 * whatever the number of students: merged into each list when read), the student's read state
 * (AP122) and channel settings (AP123).
 *
 * Ids are ULIDs, so a notification's sort key orders it by time. A payment's or a credit's
 * notification is a Put in the transaction that pays or credits (`noteItem`): a replayed callback
 * fails that transaction's condition and writes no second one.
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ulid } from 'ulid';
import type { Notification, NotificationSettings } from '../../shared/schemas/notifications';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import type { TransactItem } from './items';
import { keys } from './keys';

/** A notification as stored: no read flag (that is the student's AP122). */
export type StoredNote = Notification extends infer N ? (N extends Notification ? Omit<N, 'read'> : never) : never;
/** What an event gives: the id and time are made when it is written. */
export type NewNote = StoredNote extends infer N ? (N extends StoredNote ? Omit<N, 'id' | 'createdAt'> : never) : never;

/** Kept 90 days (TTL), then DynamoDB drops them. */
const KEEP_SECONDS = 90 * 24 * 60 * 60;

function noteRecord(note: NewNote, now: Date) {
  const id = ulid(now.getTime());
  return { id, item: { ...note, id, createdAt: now.toISOString(), expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS } };
}

/** AP120 as a transaction item: the caller's write and the notification happen together or not at all. */
export function noteItem(userId: string, note: NewNote, now = new Date()): TransactItem {
  const { id, item } = noteRecord(note, now);
  return { Put: { TableName: TABLE, Item: { ...keys.note(userId, id), ...item } } };
}

/** AP121: one item for every student of the school year. */
export async function addGradeNote(schoolYear: string, note: NewNote, now = new Date()): Promise<void> {
  const { id, item } = noteRecord(note, now);
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.gradeNote(schoolYear, id), ...item } }));
}

async function newest(pk: string, limit: number): Promise<StoredNote[]> {
  const r = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': pk, ':sk': keys.noteSkPrefix },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (r.Items ?? []).map(({ PK: _pk, SK: _sk, expiresAt: _ttl, ...n }) => n as StoredNote);
}

/** AP120, newest first. */
export const notesOfUser = (userId: string, limit: number) => newest(keys.note(userId, '').PK, limit);
/** AP121, newest first. */
export const notesOfGrade = (schoolYear: string, limit: number) => newest(keys.gradeNote(schoolYear, '').PK, limit);

export interface NoteReads {
  readAllAt: string;
  readIds: string[];
  v: number;
}

/** AP122 (never written: nothing read). */
export async function noteReadsOf(userId: string): Promise<NoteReads> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.noteReads(userId), ConsistentRead: true }));
  return { readAllAt: (r.Item?.readAllAt as string | undefined) ?? '', readIds: (r.Item?.readIds as string[] | undefined) ?? [], v: Number(r.Item?.v ?? 0) };
}

/** AP122: false when another write came after `read` was read (the caller reads again). */
export async function saveNoteReads(userId: string, read: NoteReads, next: Omit<NoteReads, 'v'>): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...keys.noteReads(userId), ...next, v: read.v + 1 },
        ConditionExpression: read.v === 0 ? 'attribute_not_exists(PK)' : 'v = :v',
        ...(read.v === 0 ? {} : { ExpressionAttributeValues: { ':v': read.v } }),
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = { email: true, whatsapp: false };

/** AP123 (a field absent: its default). */
export async function notificationSettingsOf(userId: string): Promise<NotificationSettings> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.noteSettings(userId) }));
  return {
    email: typeof r.Item?.email === 'boolean' ? r.Item.email : DEFAULT_NOTIFICATION_SETTINGS.email,
    whatsapp: typeof r.Item?.whatsapp === 'boolean' ? r.Item.whatsapp : DEFAULT_NOTIFICATION_SETTINGS.whatsapp,
  };
}

/** AP123: the given switches set, the others kept. */
export async function saveNotificationSettings(userId: string, next: NotificationSettings): Promise<void> {
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.noteSettings(userId), ...next } }));
}
