import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Track } from '../../shared/constants';
import { Conflict, isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { queryAll, withoutKeys } from './items';
import { keys } from './keys';

export interface TermRecord {
  id: string;
  courseId: string;
  name: string;
  /** The one track this term belongs to. */
  courseFor: Track;
  isLocked: boolean;
  order: number;
  /** LE for the whole term (a bundle); absent or null: none is sold. */
  bundlePrice?: number | null;
  /** ISO: the bundle is sold until then, and a bought one gives the term's lectures until then. */
  endsAt?: string | null;
  /** The first bundle bought (set by its paying transaction). */
  firstPurchasedAt?: string;
}

/** AP6 */
export async function termById(id: string): Promise<TermRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.term(id) }));
  return r.Item ? withoutKeys<TermRecord>(r.Item) : undefined;
}

/** AP7: in the order the admin gave them. */
export async function termsOfCourseTrack(courseId: string, track: Track): Promise<TermRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.termsOfCourseTrackPk(courseId, track) },
  });
  return items.map((i) => withoutKeys<TermRecord>(i));
}

/** Sets the lock only if nobody changed it since `was` was read, so two toggles never cancel silently. */
export async function setTermLock(id: string, isLocked: boolean, was: boolean): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.term(id),
        UpdateExpression: 'SET isLocked = :now',
        ConditionExpression: 'attribute_exists(PK) AND isLocked = :was',
        ExpressionAttributeValues: { ':now': isLocked, ':was': was },
      }),
    );
  } catch (e) {
    if (isConditionFailed(e)) throw new Conflict('The term was changed meanwhile; reload and try again', 'term.changed');
    throw e;
  }
}

/** The term's bundle: price and end, as given (a field not given is left as it is). Returns the term as it is now. */
export async function setTermBundle(id: string, set: { bundlePrice?: number | null; endsAt?: string | null }): Promise<TermRecord | undefined> {
  const entries = Object.entries(set).filter(([, v]) => v !== undefined);
  if (!entries.length) return termById(id);
  try {
    const r = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.term(id),
        UpdateExpression: `SET ${entries.map((_, i) => `#f${i} = :f${i}`).join(', ')}`,
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#f${i}`, k])),
        ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:f${i}`, v])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return r.Attributes ? withoutKeys<TermRecord>(r.Attributes) : undefined;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}
