/** A student's one stream (AP95): which session plays, and when it was last heard from. */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed } from '../lib/errors';
import { ddb, TABLE } from './client';
import { keys } from './keys';

export interface StreamClaim {
  jti: string;
  playbackId: string;
  /** Epoch ms. */
  at: number;
}

/**
 * AP95: the stream moves to this session unless another session was heard from after `liveSince`
 * (epoch ms): then 'elsewhere', nothing written. With `takeOver` it moves anyway; `tookFrom`: it was
 * live in another session (that player stops at its next heartbeat).
 */
export async function claimStream(userId: string, claim: StreamClaim, liveSince: number, takeOver: boolean): Promise<'elsewhere' | { tookFrom: boolean }> {
  try {
    const r = await ddb.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...keys.stream(userId), ...claim },
        ...(takeOver
          ? { ReturnValues: 'ALL_OLD' as const }
          : { ConditionExpression: 'attribute_not_exists(PK) OR jti = :jti OR #at <= :live', ExpressionAttributeNames: { '#at': 'at' }, ExpressionAttributeValues: { ':jti': claim.jti, ':live': liveSince } }),
      }),
    );
    const old = r.Attributes;
    return { tookFrom: !!old && old.jti !== claim.jti && Number(old.at) > liveSince };
  } catch (e) {
    if (isConditionFailed(e)) return 'elsewhere';
    throw e;
  }
}

/** AP95: a heartbeat of the session holding the stream (or of a student with none) keeps it live; false: another session holds it. */
export async function hearStream(userId: string, claim: StreamClaim): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.stream(userId),
        UpdateExpression: 'SET #at = :at, jti = if_not_exists(jti, :jti), playbackId = if_not_exists(playbackId, :p)',
        ConditionExpression: 'attribute_not_exists(PK) OR jti = :jti',
        ExpressionAttributeNames: { '#at': 'at' },
        ExpressionAttributeValues: { ':at': claim.at, ':jti': claim.jti, ':p': claim.playbackId },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** AP95: the session holding the student's stream, if any. */
export async function streamHolder(userId: string): Promise<string | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.stream(userId), ProjectionExpression: 'jti' }));
  return typeof r.Item?.jti === 'string' ? r.Item.jti : undefined;
}
