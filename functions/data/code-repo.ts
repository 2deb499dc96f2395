/**
 * Batches of recharge codes and their codes (AP75–AP79). A code item is keyed by the code's keyed
 * hash and holds it only sealed (functions/wallet/code-keys.ts makes both). Redeeming is a
 * transaction the caller assembles: `redemptionItems` (the code marked, conditioned on being
 * unredeemed; the batch counted, conditioned on being enabled and unexpired) beside the wallet's
 * move or the purchase.
 */
import { BatchWriteCommand, GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed, NotFound } from '../lib/errors';
import { ddb, TABLE } from './client';
import { type TransactItem, getItems, queryAll, withoutKeys } from './items';
import { keys } from './keys';
import { WalletAlsoFailed } from './wallet-repo';

export interface CodeBatchRecord {
  id: string;
  label: string;
  /** LE each code credits; null for a lecture's batch. */
  value: number | null;
  lectureId: string | null;
  count: number;
  redeemed: number;
  disabled: boolean;
  createdAt: string;
  /** When its codes stop working (ISO); absent: never. */
  validUntil?: string;
}

export interface CodeRecord {
  batchId: string;
  /** Its place in the batch (1…count): the CSV's order. */
  n: number;
  sealed: string;
  redeemedBy?: string;
  redeemedAt?: string;
  /** LE it credited (0 for a lecture's code). */
  credited?: number;
  /** The code as printed, once redeemed (the ledger's ref names it too). */
  ref?: string;
}

export interface NewCode {
  hash: string;
  n: number;
  sealed: string;
}

const BATCH_WRITE = 25;
const PARALLEL_WRITES = 16;
const notFound = () => new NotFound('No batch of codes has this id', 'codes.batchNotFound');

/**
 * AP77/AP78 then AP75/AP76: the codes in BatchWriteItems of 25, 16 at a time (5,000 codes in a few
 * seconds), then the batch, so a batch is listed only once all its codes are stored. New codes are
 * 60 random bits: meeting an existing one is not a case worth a conditional write each.
 */
export async function putBatch(batch: CodeBatchRecord, codes: NewCode[]): Promise<void> {
  const chunks = Array.from({ length: Math.ceil(codes.length / BATCH_WRITE) }, (_, i) => codes.slice(i * BATCH_WRITE, (i + 1) * BATCH_WRITE));
  const write = async (chunk: NewCode[]) => {
    let request = chunk.map((c) => ({
      PutRequest: { Item: { ...keys.rechargeCode(c.hash), ...keys.codeOfBatch(batch.id, c.n), batchId: batch.id, n: c.n, sealed: c.sealed } },
    }));
    for (let attempt = 0; request.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(1000, 20 * 2 ** attempt)));
      const r = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: request } }));
      request = (r.UnprocessedItems?.[TABLE] ?? []) as typeof request;
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(PARALLEL_WRITES, chunks.length) }, async () => {
      while (next < chunks.length) await write(chunks[next++]!);
    }),
  );
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.codeBatch(batch.id), ...keys.codeBatchesIndex(batch.createdAt, batch.id), ...batch } }));
}

/** AP76 */
export async function batchesNewestFirst(): Promise<CodeBatchRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.codeBatchesIndexPk },
    ScanIndexForward: false,
  });
  return items.map((i) => withoutKeys<CodeBatchRecord>(i));
}

/** AP75 */
export async function batchById(id: string, consistent = false): Promise<CodeBatchRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.codeBatch(id), ConsistentRead: consistent }));
  return r.Item ? withoutKeys<CodeBatchRecord>(r.Item) : undefined;
}

/** AP75 for several batches, one BatchGet. */
export async function batchesByIds(ids: string[]): Promise<Map<string, CodeBatchRecord>> {
  const unique = [...new Set(ids)];
  const items = await getItems(unique.map((id) => keys.codeBatch(id)));
  return new Map(items.flatMap((i) => (i ? [[String(i.id), withoutKeys<CodeBatchRecord>(i)] as const] : [])));
}

/** AP75: disabled or enabled again; 404 when there is no such batch. */
export async function setBatchDisabled(id: string, disabled: boolean): Promise<CodeBatchRecord> {
  try {
    const r = await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.codeBatch(id),
        UpdateExpression: 'SET disabled = :d',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':d': disabled },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return withoutKeys<CodeBatchRecord>(r.Attributes!);
  } catch (e) {
    if (isConditionFailed(e)) throw notFound();
    throw e;
  }
}

/** AP78: the batch's codes in print order. */
export async function codesOfBatch(batchId: string): Promise<CodeRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.codesOfBatchPk(batchId) },
  });
  return items.map((i) => withoutKeys<CodeRecord>(i));
}

/** AP77 */
export async function codeByHash(hash: string): Promise<CodeRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.rechargeCode(hash) }));
  return r.Item ? withoutKeys<CodeRecord>(r.Item) : undefined;
}

/**
 * The two items of a redemption: the code marked redeemed (condition: it was not), and its batch
 * counted (condition: it exists, is enabled and not past its end at `at`).
 */
export function redemptionItems(hash: string, code: CodeRecord, r: { userId: string; at: string; credited: number; ref: string }): [TransactItem, TransactItem] {
  return [
    {
      Update: {
        TableName: TABLE,
        Key: keys.rechargeCode(hash),
        UpdateExpression: 'SET redeemedBy = :u, redeemedAt = :at, credited = :c, #ref = :ref, GSI2PK = :gpk, GSI2SK = :gsk',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(redeemedBy)',
        ExpressionAttributeNames: { '#ref': 'ref' },
        ExpressionAttributeValues: {
          ':u': r.userId,
          ':at': r.at,
          ':c': r.credited,
          ':ref': r.ref,
          ':gpk': keys.codeRedemptionsPk,
          ':gsk': keys.codeRedemption(r.at, code.batchId, code.n).GSI2SK,
        },
      },
    },
    {
      Update: {
        TableName: TABLE,
        Key: keys.codeBatch(code.batchId),
        UpdateExpression: 'ADD redeemed :one',
        ConditionExpression: 'attribute_exists(PK) AND disabled = :false AND (attribute_not_exists(validUntil) OR validUntil > :at)',
        ExpressionAttributeValues: { ':one': 1, ':false': false, ':at': r.at },
      },
    },
  ];
}

/**
 * One transaction of the caller's items (a redemption and its purchase); a failed condition throws
 * WalletAlsoFailed with that item's index, a conflict with another transaction is tried again.
 */
export async function writeRedemption(items: TransactItem[]): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (e) {
      if (!(e instanceof Error && (e.name === 'TransactionCanceledException' || e.name === 'TransactionConflictException'))) throw e;
      const reasons = ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r?.Code);
      const failed = reasons.indexOf('ConditionalCheckFailed');
      if (failed >= 0) throw new WalletAlsoFailed(failed);
      if (attempt >= 8) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
    }
  }
}

/** AP79: the codes redeemed from `from` to `to` (ISO date-times, `to` exclusive of what sorts after it). */
export async function redemptionsBetween(from: string, to: string): Promise<CodeRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byTerm',
    KeyConditionExpression: 'GSI2PK = :pk AND GSI2SK BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': keys.codeRedemptionsPk, ':from': from, ':to': to },
  });
  return items.map((i) => withoutKeys<CodeRecord>(i));
}
