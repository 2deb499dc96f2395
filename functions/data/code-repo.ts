/**
 * Batches of recharge codes and their codes (AP75–AP79, AP88–AP89). A code item is keyed by the
 * code's keyed hash and holds it only sealed (functions/wallet/code-keys.ts makes both). Redeeming is
 * a transaction the caller assembles: `redemptionItems` (the code marked, conditioned on being
 * unredeemed; one of the batch's 16 gates counting it, conditioned on being open and unexpired) beside
 * the wallet's move or the purchase. The gates spread a class's redemptions of one batch over 16
 * items: DynamoDB cancels concurrent transactions on one item (TransactionConflict), so a single
 * counter would make them take turns.
 */
import { BatchWriteCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionFailed, NotFound } from '../lib/errors';
import { ddb, TABLE } from './client';
import { type TransactItem, getItems, queryAll, withoutKeys } from './items';
import { keys } from './keys';
import { WalletAlsoFailed } from './wallet-repo';

export interface CodeBatchRecord {
  id: string;
  label: string;
  /** LE each code credits; null for a lecture's or a term's batch. */
  value: number | null;
  lectureId: string | null;
  /** The lecture's name when made (absent on batches made before names were stored). */
  lectureName?: string;
  /** A term's batch: its codes grant the term's bundle; the term's name when made. */
  termId?: string;
  termName?: string;
  count: number;
  /** Codes redeemed: the batch item's own count (batches from before the gates) plus its gates'. */
  redeemed: number;
  disabled: boolean;
  createdAt: string;
  /** When its codes stop working (ISO); absent: never. */
  validUntil?: string;
  /** How many gates (AP88) count its redemptions; absent: a batch from before them, counted on its own item. */
  gates?: number;
}

export interface CodeRecord {
  batchId: string;
  /** Its place in the batch (1…count): the CSV's order. */
  n: number;
  sealed: string;
  redeemedBy?: string;
  redeemedAt?: string;
  /** LE it credited (0 for a lecture's or a term's code). */
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
/** A batch's gates: its redemptions spread over this many items (a transaction holds the batch and all of them). */
export const GATES = 16;
const notFound = () => new NotFound('No batch of codes has this id', 'codes.batchNotFound');

const gateNumbers = (n: number) => Array.from({ length: n }, (_, g) => g);

/** AP88: a new gate of the batch, open or closed as the batch is, counting nothing yet. */
const gateItem = (b: Pick<CodeBatchRecord, 'id' | 'createdAt' | 'disabled' | 'validUntil'>, gate: number) => ({
  ...keys.codeBatchGate(b.id, gate),
  ...keys.codeBatchGateIndex(b.createdAt, b.id, gate),
  batchId: b.id,
  gate,
  disabled: b.disabled,
  redeemed: 0,
  ...(b.validUntil ? { validUntil: b.validUntil } : {}),
});

/** A batch from its item and its gates' items (their counts summed onto its own). */
function batchOf(item: Record<string, unknown>, gates: Record<string, unknown>[]): CodeBatchRecord {
  const b = withoutKeys<CodeBatchRecord>(item);
  return { ...b, redeemed: Number(b.redeemed ?? 0) + gates.reduce((n, g) => n + Number(g.redeemed ?? 0), 0) };
}
const isGate = (item: Record<string, unknown>) => String(item.SK).startsWith(keys.codeBatchGateSkPrefix);

/**
 * AP77/AP78 then AP75/AP76 with its AP88 gates: the codes in BatchWriteItems of 25, 16 at a time
 * (5,000 codes in a few seconds), then the batch and its gates in one transaction, so a batch is
 * listed only once all its codes and gates are stored. New codes are 60 random bits: meeting an
 * existing one is not a case worth a conditional write each.
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
  const stored: CodeBatchRecord = { ...batch, gates: GATES };
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: TABLE, Item: { ...keys.codeBatch(batch.id), ...keys.codeBatchesIndex(batch.createdAt, batch.id), ...stored } } },
        ...gateNumbers(GATES).map((g) => ({ Put: { TableName: TABLE, Item: gateItem(stored, g) } })),
      ],
    }),
  );
}

/** AP89 (AP76 with the gates): every batch, newest first, its count summed from its gates in the same Query. */
export async function batchesNewestFirst(): Promise<CodeBatchRecord[]> {
  const items = await queryAll({
    TableName: TABLE,
    IndexName: 'byParent',
    KeyConditionExpression: 'GSI1PK = :pk',
    ExpressionAttributeValues: { ':pk': keys.codeBatchesIndexPk },
    ScanIndexForward: false,
  });
  const gates = new Map<string, Record<string, unknown>[]>();
  for (const g of items.filter(isGate)) gates.set(String(g.batchId), [...(gates.get(String(g.batchId)) ?? []), g]);
  return items.filter((i) => !isGate(i)).map((i) => batchOf(i, gates.get(String(i.id)) ?? []));
}

/** AP75 with its AP88 gates: one Query of the batch's partition. */
export async function batchById(id: string, consistent = false): Promise<CodeBatchRecord | undefined> {
  const r = await ddb.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': keys.codeBatch(id).PK }, ConsistentRead: consistent }));
  const items = (r.Items ?? []) as Record<string, unknown>[];
  const item = items.find((i) => i.SK === keys.codeBatch(id).SK);
  return item ? batchOf(item, items.filter(isGate)) : undefined;
}

/** AP75 alone (its `redeemed` only the item's own base): what a redemption needs — its value, grant, flag and gates. */
export async function batchItemById(id: string, consistent = false): Promise<CodeBatchRecord | undefined> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.codeBatch(id), ConsistentRead: consistent }));
  return r.Item ? withoutKeys<CodeBatchRecord>(r.Item) : undefined;
}

/**
 * A batch made before the gates is given them, open or closed as it is (its own count stays as its
 * base): one transaction, on condition it has none yet and its flag is still the one copied. False
 * when that changed meanwhile (the next list gives them).
 */
export async function giveGates(b: CodeBatchRecord): Promise<boolean> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: TABLE,
              Key: keys.codeBatch(b.id),
              UpdateExpression: 'SET gates = :gates',
              ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(gates) AND disabled = :disabled',
              ExpressionAttributeValues: { ':gates': GATES, ':disabled': b.disabled },
            },
          },
          ...gateNumbers(GATES).map((g) => ({ Put: { TableName: TABLE, Item: gateItem(b, g), ConditionExpression: 'attribute_not_exists(PK)' } })),
        ],
      }),
    );
    return true;
  } catch (e) {
    if (e instanceof Error && (e.name === 'TransactionCanceledException' || e.name === 'TransactionConflictException')) return false;
    throw e;
  }
}

/** AP75: the names of what an older batch grants, stored once (never over a name already there). */
export async function storeBatchName(id: string, name: { lectureName: string }): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: TABLE,
        Key: keys.codeBatch(id),
        UpdateExpression: 'SET lectureName = :n',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(lectureName)',
        ExpressionAttributeValues: { ':n': name.lectureName },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/** AP75 for several batches, one BatchGet. */
export async function batchesByIds(ids: string[]): Promise<Map<string, CodeBatchRecord>> {
  const unique = [...new Set(ids)];
  const items = await getItems(unique.map((id) => keys.codeBatch(id)));
  return new Map(items.flatMap((i) => (i ? [[String(i.id), withoutKeys<CodeBatchRecord>(i)] as const] : [])));
}

/**
 * AP75 and its AP88 gates: disabled or enabled again, all in one transaction (a redemption checks
 * its gate, so every gate closes at the same moment); conditioned on the gates read, so a batch given
 * its gates meanwhile is read and written again. 404 when there is no such batch.
 */
export async function setBatchDisabled(id: string, disabled: boolean): Promise<CodeBatchRecord> {
  for (let attempt = 0; ; attempt++) {
    const b = await batchById(id, true);
    if (!b) throw notFound();
    const batchItem: TransactItem = {
      Update: {
        TableName: TABLE,
        Key: keys.codeBatch(id),
        UpdateExpression: 'SET disabled = :d',
        ConditionExpression: b.gates ? 'gates = :gates' : 'attribute_exists(PK) AND attribute_not_exists(gates)',
        ExpressionAttributeValues: { ':d': disabled, ...(b.gates ? { ':gates': b.gates } : {}) },
      },
    };
    const gateItems: TransactItem[] = gateNumbers(b.gates ?? 0).map((g) => ({
      Update: { TableName: TABLE, Key: keys.codeBatchGate(id, g), UpdateExpression: 'SET disabled = :d', ConditionExpression: 'attribute_exists(PK)', ExpressionAttributeValues: { ':d': disabled } },
    }));
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: [batchItem, ...gateItems] }));
      return { ...b, disabled };
    } catch (e) {
      if (!(e instanceof Error && (e.name === 'TransactionCanceledException' || e.name === 'TransactionConflictException')) || attempt >= 8) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * 20 * (attempt + 1)));
    }
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
 * The two items of a redemption: the code marked redeemed (condition: it was not), and the batch's
 * gate n % gates counting it (condition: it exists, is open and not past its end at `at`) — the batch
 * item itself for a batch from before the gates.
 */
export function redemptionItems(hash: string, code: CodeRecord, batch: Pick<CodeBatchRecord, 'gates'>, r: { userId: string; at: string; credited: number; ref: string }): [TransactItem, TransactItem] {
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
        Key: batch.gates ? keys.codeBatchGate(code.batchId, code.n % batch.gates) : keys.codeBatch(code.batchId),
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
