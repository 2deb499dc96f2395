/**
 * Small helpers the repositories share: items without their key attributes,
 * a Query read to the end, and many writes as few transactions as DynamoDB allows.
 */
import { BatchGetCommand, QueryCommand, type QueryCommandInput, TransactGetCommand, TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { Conflict, isConditionFailed } from '../lib/errors';
import type { ReadAlong, SkRange } from '../lib/http';
import { ddb, TABLE } from './client';
import type { Key } from './keys';

const KEY_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK'];

/** The domain record of an item: its table keys removed. */
export function withoutKeys<T>(item: Record<string, unknown>): T {
  const rest = { ...item };
  for (const k of KEY_ATTRIBUTES) delete rest[k];
  return rest as T;
}

/** An item's place in a map of items read: "PK|SK". */
export const itemId = (k: Key) => `${k.PK}|${k.SK}`;

/**
 * Several items by key, in the order asked (missing ones undefined): one BatchGetItem per 100 keys, sent
 * at once. `consistent` reads them as GetItem with ConsistentRead does. Keys the session gate already
 * read along (auth.readAlong, lib/http.ts readsAlong) are taken from there and not asked again.
 */
export async function getItems(wanted: Key[], opts: { consistent?: boolean; along?: ReadAlong } = {}): Promise<(Record<string, unknown> | undefined)[]> {
  const found = new Map<string, Record<string, unknown> | undefined>();
  for (const k of wanted) {
    const pre = readAlongOf(opts.along, k);
    if (pre) found.set(itemId(k), pre.item);
  }
  // One key once (BatchGetItem refuses duplicates), at most BATCH_GET_LIMIT a request.
  const unique = [...new Map(wanted.filter((k) => !found.has(itemId(k))).map((k) => [itemId(k), k])).values()];
  await Promise.all(
    Array.from({ length: Math.ceil(unique.length / BATCH_GET_LIMIT) }, async (_, n) => {
      let request: Key[] = unique.slice(n * BATCH_GET_LIMIT, (n + 1) * BATCH_GET_LIMIT);
      while (request.length) {
        const r = await ddb.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: request, ...(opts.consistent ? { ConsistentRead: true } : {}) } } }));
        for (const item of r.Responses?.[TABLE] ?? []) found.set(itemId(item as Key), item);
        request = (r.UnprocessedKeys?.[TABLE]?.Keys ?? []) as Key[];
      }
    }),
  );
  return wanted.map((k) => found.get(itemId(k)));
}

/** One item the session gate read along, when it did: `{ item }` (item undefined: the table has none), else undefined. */
export function readAlongOf(along: ReadAlong | undefined, key: Key): { item: Record<string, unknown> | undefined } | undefined {
  return along?.has(itemId(key)) ? { item: along.get(itemId(key)) } : undefined;
}

/** Where the session gate marks a range of a partition it read whole (never an item's "PK|SK": keys hold no NUL). */
export const rangeId = (pk: string, range: SkRange) => `\u0000${pk}|${range.from}|${range.to}`;

/**
 * Every item of `pk` with a sort key in `range`, by sort key, when the session gate read that range
 * along (lib/http.ts readsAlong { range }); undefined when it did not (the caller reads it itself).
 */
export function readAlongRange(along: ReadAlong | undefined, pk: string, range: SkRange): Record<string, unknown>[] | undefined {
  if (!along?.has(rangeId(pk, range))) return undefined;
  const out: Record<string, unknown>[] = [];
  for (const item of along.values()) {
    if (item && item.PK === pk && typeof item.SK === 'string' && item.SK >= range.from && item.SK <= range.to) out.push(item);
  }
  return out.sort((a, b) => ((a.SK as string) < (b.SK as string) ? -1 : 1));
}

/**
 * A few items as they stood at one moment (TransactGetItems: read together, consistent, never half of
 * another request's transaction), for a decision that compares them; undefined where missing. A read
 * that meets a transaction writing those items is cancelled by DynamoDB: it is tried again shortly.
 */
export async function getItemsTogether(wanted: Key[]): Promise<(Record<string, unknown> | undefined)[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      const r = await ddb.send(new TransactGetCommand({ TransactItems: wanted.map((Key) => ({ Get: { TableName: TABLE, Key } })) }));
      return wanted.map((_, i) => r.Responses?.[i]?.Item);
    } catch (e) {
      if (!(e instanceof Error && e.name === 'TransactionCanceledException') || attempt >= 5) throw e;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}

/** DynamoDB's limit of keys in one BatchGetItem. */
export const BATCH_GET_LIMIT = 100;

/** Every page of a Query. */
export async function queryAll(input: QueryCommandInput): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const r = await ddb.send(new QueryCommand({ ...input, ExclusiveStartKey: start }));
    items.push(...((r.Items ?? []) as Record<string, unknown>[]));
    start = r.LastEvaluatedKey;
  } while (start);
  return items;
}

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];
/** DynamoDB's limit of items in one TransactWriteItems. */
export const TRANSACTION_LIMIT = 100;
/** The reasons of a cancelled transaction, by item, as DynamoDB gives them ('None' where an item passed). */
export const cancellationReasons = (e: unknown): (string | undefined)[] => ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code);

/**
 * Writes the items in transactions of at most 100, in order: the first chunk is all-or-nothing,
 * so put the item whose condition matters in it. A failed condition becomes `conflict`.
 */
export async function writeAll(items: TransactItem[], conflict = 'This record was changed meanwhile; try again'): Promise<void> {
  for (let i = 0; i < items.length; i += TRANSACTION_LIMIT) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items.slice(i, i + TRANSACTION_LIMIT) }));
    } catch (e) {
      if (isConditionFailed(e)) throw new Conflict(conflict);
      throw e;
    }
  }
}
