/**
 * The teacher's users search (AP39H heads newest first, AP39T tokens in order, AP39N head counts, AP40
 * backfill state): the index items a user's record brings, and the search itself with bounded work.
 *
 * Why this shape: a search box's words are prefixes, most of them short and shared by thousands of
 * students ("moh", "محم", "010"). Reading every user whose token starts with a word and sorting them
 * costs as many items as matches (5,000 per search at 100,000 students). Here:
 *  - a word of 2–4 characters is a head: its partition lists exactly its users, newest first, with
 *    how many (AP39N) sorted before them, so a page is one Query of its own 6 keys and the count;
 *  - a long word (an e-mail fragment, a phone, a whole name) is first read from AP39T in token
 *    order, which holds only the users it matches: exact when that read is small;
 *  - any other search reads the partition of its rarest head newest first, filtered on all words
 *    by the token string each item carries, and stops once the page is found and enough was read:
 *    the total is then a lower bound and said to be one (a small partition is read whole: exact).
 * A search is then the page's BatchGet of profiles plus one or two reads (a few more on the rare longest
 * path); a search of several words also reads the head counts, kept 30 s in memory.
 */
import { BatchGetCommand, BatchWriteCommand, GetCommand, PutCommand, QueryCommand, type QueryCommandInput, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { charCount } from '../../shared/search-text';
import { ddb, TABLE } from './client';
import { getItems, queryAll, type TransactItem, writeAll } from './items';
import { type Key, keys } from './keys';
import { HEAD_CHARS, headOf, isHead, LEGACY_MAX_SEARCH_TOKENS, longTokens, matchesAll, searchHeads, searchTokens, tokenString, wordNeedle } from './user-search-text';

/** What the index needs of a user. */
export interface Searchable {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber?: string;
  createdAt: string;
}

/** The index layout: bumping it makes the lazy backfill (AP40) index every user again. */
export const SEARCH_INDEX_VERSION = 4;
/** Users createUser marked with this layout are counted live (~COUNT) already: the backfill moves their items and counts only what changed. */
const PHONE_LAST_VERSION = 3;

/**
 * Written on the record by createUser: this user's heads are counted by the live ADDs (AP39N ~COUNT).
 * The backfill counts the other users (made before this layout) into AP39N ~BASE instead.
 */
export const SEARCH_INDEXED_MARK = { searchIndex: SEARCH_INDEX_VERSION } as const;
const isMarked = (u: object) => (u as { searchIndex?: unknown }).searchIndex === SEARCH_INDEX_VERSION;
const isPhoneLast = (u: object) => (u as { searchIndex?: unknown }).searchIndex === PHONE_LAST_VERSION;

// ---- the items of a user ----

/** A user's AP39H heads and all their index items (AP39H heads, AP39T long tokens). */
export function searchIndexOf(u: Searchable, phoneLast = false): { heads: string[]; items: Record<string, unknown>[] } {
  const tokens = searchTokens(u, undefined, phoneLast);
  const t = tokenString(tokens);
  const heads = searchHeads(tokens);
  return {
    heads,
    items: [
      ...heads.map((h) => ({ ...keys.userSearchHead(h, u.createdAt, u.id), t })),
      ...longTokens(tokens).map((token) => ({ ...keys.userSearchToken(headOf(token), token, u.id), t, c: u.createdAt })),
    ],
  };
}

const keyOf = (item: Record<string, unknown>): Key => ({ PK: item.PK as string, SK: item.SK as string });
const keyId = (k: Key) => JSON.stringify([k.PK, k.SK]);

/** The version-1 items of a user (PK=USEARCH#<first char>), removed wherever the user is written again. */
const legacyKeys = (u: Searchable): Key[] => searchTokens(u, LEGACY_MAX_SEARCH_TOKENS).map((t) => keys.legacyUserSearchToken(t, u.id));

/** The Puts of a new user's index items, for its create transaction. */
export const searchIndexPuts = (u: Searchable): TransactItem[] => searchIndexOf(u).items.map((Item) => ({ Put: { TableName: TABLE, Item } }));

/**
 * From `before` to `after` (a rename; `after` undefined: a delete): the writes for the user's own
 * transaction and the AP39N changes to make after it. A user made before this layout also loses its
 * version-1 items; its counts change only once the backfill has counted it (`counted`).
 */
export function searchIndexChanges(before: Searchable & object, after: Searchable | undefined, counted: boolean): { writes: TransactItem[]; counts: Map<string, number> } {
  // A phone-last user (counted live) not yet moved by the backfill still has that layout's items.
  const old = searchIndexOf(before, isPhoneLast(before) && !counted);
  const next = after ? searchIndexOf(after) : { heads: [], items: [] };
  const kept = new Set(next.items.map((i) => keyId(keyOf(i))));
  const gone = [...old.items.map(keyOf).filter((k) => !kept.has(keyId(k))), ...(isMarked(before) || isPhoneLast(before) ? [] : legacyKeys(before))];
  const counts = new Map<string, number>();
  if (counted || isMarked(before) || isPhoneLast(before)) {
    for (const h of old.heads) counts.set(h, -1);
    for (const h of next.heads) counts.set(h, (counts.get(h) ?? 0) + 1);
  }
  return {
    writes: [...gone.map((Key) => ({ Delete: { TableName: TABLE, Key } })), ...next.items.map((Item) => ({ Put: { TableName: TABLE, Item } }))],
    counts,
  };
}

/**
 * AP39N ADDs, outside the user's transaction (a transaction touching a busy counter would make
 * concurrent sign-ups cancel each other); a plain ADD is retried by the SDK.
 */
export async function addToHeadCounts(counts: Map<string, number>): Promise<void> {
  await Promise.all(
    [...counts]
      .filter(([, by]) => by !== 0)
      .map(([head, by]) =>
        ddb.send(new UpdateCommand({ TableName: TABLE, Key: keys.userSearchCount(head), UpdateExpression: 'ADD n :by', ExpressionAttributeValues: { ':by': by } })),
      ),
  );
}

export const newUserHeadCounts = (u: Searchable) => new Map(searchIndexOf(u).heads.map((h) => [h, 1]));

/** Re-indexes a user whose names, e-mail or phone were changed by other means (tests, scripts): its items and counts. */
export async function reindexUser(before: Searchable, after: Searchable): Promise<void> {
  const index = searchIndexChanges(before, after, await searchIndexReady());
  await writeAll(index.writes);
  await addToHeadCounts(index.counts);
}

// ---- the search ----

/** What a search read (for the bench): requests, items read (before filters) and read units. */
export interface SearchStats {
  requests: number;
  items: number;
  capacity: number;
}

export interface SearchLimits {
  /** A partition with at most this many users is read whole: an exact total. */
  fullScan: number;
  /** Items a long word's AP39T read may take before it is given up for the head partition. */
  probe: number;
  /** Items a bounded read takes at least (its first read; the lower bound it reports is then worth showing). */
  minRead: number;
  /** Items a filtered search reads at most: the work of one search is bounded whatever the school's size. */
  maxRead: number;
  /** Keys a one-head search reads at most: pages deeper than this are not served. */
  maxKeys: number;
}

export const SEARCH_LIMITS: SearchLimits = { fullScan: 300, probe: 30, minRead: 40, maxRead: 1500, maxKeys: 6000 };

/** Letters only: a name part (an e-mail fragment or a phone has digits, '.', '@'). */
const isPlainName = (w: string) => /^\p{L}+$/u.test(w);

export interface SearchPage {
  /** The page's users, newest first. */
  userIds: string[];
  /** How many users match; a lower bound when `exact` is false (the read stopped early). */
  total: number;
  exact: boolean;
  /** How many of the matches pages can reach (≤ total). */
  reachable: number;
  /** Which read answered (for the bench and the logs). */
  plan: 'head' | 'token' | 'scan' | 'bounded' | 'none';
}

function note(stats: SearchStats | undefined, r: { ScannedCount?: number; Count?: number; ConsumedCapacity?: { CapacityUnits?: number } | { CapacityUnits?: number }[] }, items?: number) {
  if (!stats) return;
  stats.requests++;
  stats.items += items ?? r.ScannedCount ?? r.Count ?? 0;
  const cc = r.ConsumedCapacity;
  stats.capacity += Array.isArray(cc) ? cc.reduce((n, c) => n + (c.CapacityUnits ?? 0), 0) : (cc?.CapacityUnits ?? 0);
}
const capacity = (stats?: SearchStats) => (stats ? { ReturnConsumedCapacity: 'TOTAL' as const } : {});

const isCount = (sk: string) => sk >= keys.userSearchCountSkFloor;

/** AP39N: how many users each head has (~COUNT + ~BASE; a missing head has none), and with `school` AP42's count of all users. */
async function readCounts(heads: string[], school: boolean, stats?: SearchStats): Promise<{ counts: Map<string, number>; users: number }> {
  const n = new Map<string, number>();
  let wanted: Key[] = [...heads.flatMap((h) => [keys.userSearchCount(h), keys.userSearchCountBase(h)]), ...(school ? [keys.usersCount] : [])];
  while (wanted.length) {
    const r = await ddb.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: wanted, ProjectionExpression: 'PK, n' } }, ...capacity(stats) }));
    note(stats, r, wanted.length);
    for (const item of r.Responses?.[TABLE] ?? []) n.set(item.PK as string, (n.get(item.PK as string) ?? 0) + Number(item.n ?? 0));
    wanted = (r.UnprocessedKeys?.[TABLE]?.Keys ?? []) as Key[];
  }
  return { counts: new Map(heads.map((h) => [h, Math.max(0, n.get(keys.userSearchHeadPk(h)) ?? 0)])), users: n.get(keys.usersCount.PK) ?? 0 };
}

export const headCounts = async (heads: string[], stats?: SearchStats) => (await readCounts(heads, false, stats)).counts;

/**
 * The counts as a search with several words uses them: only to choose the partition and size its
 * first read (never for a total), so a copy up to COUNTS_TTL_MS old will do, kept in the Lambda's memory.
 */
const COUNTS_TTL_MS = 30_000;
const countsSeen = new Map<string, { n: number; at: number }>();
const SCHOOL = '\u0000school';
async function recentCounts(heads: string[], stats?: SearchStats, now = Date.now()): Promise<{ counts: Map<string, number>; users: number }> {
  const fresh = (k: string) => (countsSeen.get(k)?.at ?? -Infinity) > now - COUNTS_TTL_MS;
  const missing = heads.filter((h) => !fresh(h));
  if (missing.length || !fresh(SCHOOL)) {
    const read = await readCounts(missing, true, stats);
    if (countsSeen.size > 10_000) countsSeen.clear();
    for (const [h, n] of read.counts) countsSeen.set(h, { n, at: now });
    countsSeen.set(SCHOOL, { n: read.users, at: now });
  }
  return { counts: new Map(heads.map((h) => [h, countsSeen.get(h)!.n])), users: countsSeen.get(SCHOOL)!.n };
}

/**
 * A one-word search that is a head: one Query newest first, keys only, whose first items are the
 * head's counts (their sort keys come after every date) and then the users: the page and the exact total.
 */
async function headPage(head: string, skip: number, limit: number, l: SearchLimits, stats?: SearchStats): Promise<SearchPage> {
  // Past maxKeys only the counts are read (the pager does not offer those pages).
  const reach = skip < l.maxKeys ? Math.min(skip + limit, l.maxKeys) : 0;
  const ids: string[] = [];
  let total = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const r = await ddb.send(
      new QueryCommand({
        TableName: TABLE,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': keys.userSearchHeadPk(head) },
        ExpressionAttributeNames: { '#n': 'n' },
        ProjectionExpression: 'SK, #n',
        ScanIndexForward: false,
        Limit: reach - ids.length + (start ? 0 : 2),
        ExclusiveStartKey: start,
        ...capacity(stats),
      }),
    );
    note(stats, r);
    for (const item of r.Items ?? []) {
      if (isCount(item.SK as string)) total += Number(item.n ?? 0);
      else ids.push(keys.userOfSearchHeadSk(item.SK as string));
    }
    start = r.LastEvaluatedKey;
  } while (start && ids.length < reach);
  const page = ids.slice(0, reach).slice(skip, skip + limit);
  // A count behind its partition (a crash between a write and its ADD) still shows what was read.
  total = Math.max(total, skip + page.length);
  return { userIds: page, total, exact: true, reachable: Math.min(total, l.maxKeys), plan: 'head' };
}

/**
 * AP39T: the users having a token that starts with `word` (a long word), when there are few: at most
 * `probe` items are read; more means the word is not selective (undefined). Filtered on all words in memory.
 */
async function tokenRead(word: string, all: string[], probe: number, stats?: SearchStats): Promise<{ userId: string; createdAt: string }[] | undefined> {
  const r = await ddb.send(
    new QueryCommand({
      TableName: TABLE,
      // The range form of begins_with: the same read in DynamoDB; DynamoDB Local seeks instead of scanning the partition.
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :lo AND :hi',
      ExpressionAttributeValues: { ':pk': keys.userSearchTokenPk(headOf(word)), ':lo': word, ':hi': `${word}\u{10FFFF}` },
      ExpressionAttributeNames: { '#t': 't', '#c': 'c' },
      ProjectionExpression: 'SK, #t, #c',
      Limit: probe,
      ...capacity(stats),
    }),
  );
  note(stats, r);
  if (r.LastEvaluatedKey) return undefined;
  const hits = new Map<string, string>();
  for (const item of r.Items ?? []) if (matchesAll(item.t as string, all)) hits.set(keys.userOfSearchTokenSk(item.SK as string), item.c as string);
  return [...hits].map(([userId, createdAt]) => ({ userId, createdAt })).sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.userId.localeCompare(a.userId));
}

/**
 * AP39H newest first with every word as a filter. `whole`: read the partition to its end (it is small),
 * else stop once the page and one more match are found and `minRead` items were read. Never more than `maxRead`.
 * `density`: the share of the partition expected to match, to size the first read.
 */
async function headScan(
  head: string,
  filters: string[],
  at: { skip: number; limit: number; whole: boolean; density: number },
  l: SearchLimits,
  stats?: SearchStats,
): Promise<SearchPage> {
  const { skip, limit, whole } = at;
  const want = skip + limit + 1;
  const found: string[] = [];
  let read = 0;
  let start: Record<string, unknown> | undefined;
  const names = { '#t': 't' };
  const values: Record<string, string> = { ':pk': keys.userSearchHeadPk(head), ':floor': keys.userSearchCountSkFloor };
  filters.forEach((w, i) => (values[`:w${i}`] = wordNeedle(w)));
  const filter = filters.map((_, i) => `contains(#t, :w${i})`).join(' AND ');
  do {
    // The next read: the rest of the budget when reading whole, else as much as the matches so far (or the estimate) suggest.
    const density = read ? Math.max(found.length / read, 0.01) : Math.max(at.density, 0.001);
    const next = whole ? l.maxRead - read : Math.max(l.minRead - read, Math.ceil(((want - found.length) / density) * 1.2), 20);
    const input: QueryCommandInput = {
      TableName: TABLE,
      KeyConditionExpression: 'PK = :pk AND SK < :floor',
      ExpressionAttributeValues: values,
      ProjectionExpression: 'SK',
      ScanIndexForward: false,
      Limit: Math.min(next, l.maxRead - read),
      ExclusiveStartKey: start,
      ...(filters.length ? { FilterExpression: filter, ExpressionAttributeNames: names } : {}),
      ...capacity(stats),
    };
    const r = await ddb.send(new QueryCommand(input));
    note(stats, r);
    read += r.ScannedCount ?? 0;
    for (const item of r.Items ?? []) found.push(keys.userOfSearchHeadSk(item.SK as string));
    start = r.LastEvaluatedKey;
  } while (start && read < l.maxRead && (whole || found.length < want || read < l.minRead));
  const exact = !start;
  return { userIds: found.slice(skip, skip + limit), total: found.length, exact, reachable: found.length, plan: exact ? 'scan' : 'bounded' };
}

/**
 * The users having, for every word, a token that starts with it; newest first, the page at `skip`.
 * Words are searchPrefixes(search); at least one must have 2 characters (the route refuses others).
 */
export async function searchUsers(words: string[], skip: number, limit: number, opts: { stats?: SearchStats; limits?: SearchLimits } = {}): Promise<SearchPage> {
  const { stats, limits: l = SEARCH_LIMITS } = opts;
  const lookups = words.filter((w) => charCount(w) >= 2);
  if (!lookups.length) return { userIds: [], total: 0, exact: true, reachable: 0, plan: 'none' };
  if (words.length === 1 && isHead(words[0]!)) return headPage(words[0]!, skip, limit, l, stats);

  const heads = [...new Set(lookups.map(headOf))];
  const tokenPage = (hits: { userId: string }[]): SearchPage => ({ userIds: hits.slice(skip, skip + limit).map((h) => h.userId), total: hits.length, exact: true, reachable: hits.length, plan: 'token' });
  // A long word is read in token order first: the selective ones (e-mail fragments, phones, rare names)
  // cost their few matches there; a common one costs at most `probe` items more.
  if (words.length === 1) {
    const hits = await tokenRead(words[0]!, words, l.probe, stats);
    if (hits) return tokenPage(hits);
    // Its own head's partition newest first: one read of minRead items, exact if the partition ends within it.
    return headScan(heads[0]!, words, { skip, limit, whole: false, density: 1 }, l, stats);
  }
  // Beside other words only a long word that is no plain name is tried so (a first name is about as
  // common as its first letters; the rarest head of the words does better), the head counts read meanwhile.
  const long = lookups.filter((w) => charCount(w) > HEAD_CHARS && !isPlainName(w)).sort((a, b) => charCount(b) - charCount(a))[0];
  const [hits, { counts, users }] = await Promise.all([long ? tokenRead(long, words, l.probe, stats) : undefined, recentCounts(heads, stats)]);
  if (hits) return tokenPage(hits);
  const rarest = heads.reduce((a, b) => (counts.get(b)! < counts.get(a)! ? b : a));
  // No early answer on a count of 0: the read of an empty partition is cheap, and stays right if a count lags.
  const size = counts.get(rarest)!;
  // The head's own word needs no filter: every user of the partition has it.
  const filters = words.filter((w) => w !== rarest);
  // Each other word's head as common in the partition as in the school (a word longer than its head: at most that).
  const density = filters.reduce((d, w) => (charCount(w) >= 2 && headOf(w) !== rarest && users > 0 ? d * Math.min(1, counts.get(headOf(w))! / users) : d), 1);
  return headScan(rarest, filters, { skip, limit, whole: size <= l.fullScan, density }, l, stats);
}

// ---- the one-time backfill (AP40) ----

/** Whether the backfill of the users made before this layout has run. */
export async function searchIndexReady(): Promise<boolean> {
  const r = await ddb.send(new GetCommand({ TableName: TABLE, Key: keys.userSearchState }));
  return Number(r.Item?.version ?? 0) >= SEARCH_INDEX_VERSION;
}

/** BatchWriteItem by 25 (puts and deletes), retrying the unprocessed ones; `width` requests at once. */
async function batchWrite(requests: ({ PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Key } })[], width = 4): Promise<void> {
  const chunks: (typeof requests)[] = [];
  for (let i = 0; i < requests.length; i += 25) chunks.push(requests.slice(i, i + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < chunks.length) {
        let request = chunks[next++]!;
        for (let attempt = 0; request.length; attempt++) {
          const r = await ddb.send(new BatchWriteCommand({ RequestItems: { [TABLE]: request } }));
          request = (r.UnprocessedItems?.[TABLE] ?? []) as typeof request;
          if (request.length) await new Promise((res) => setTimeout(res, Math.min(1000, 50 * 2 ** attempt)));
        }
      }
    }),
  );
}

const sameIndex = (a: Searchable, b: Searchable) => a.firstName === b.firstName && a.lastName === b.lastName && a.email === b.email && a.mobileNumber === b.mobileNumber;

/**
 * Indexes every user not marked by createUser (AP4 read to the end): writes their AP39H/AP39T items,
 * removes their version-1 items, Puts AP39N ~BASE with the heads they count for, the user count (AP42)
 * and marks AP40. Safe to run twice at once: items are plain Puts and Deletes, and ~BASE is Put with
 * what was read (not ADDed). A user renamed or deleted while it ran is re-read and put right (its own
 * write ADDed its change to ~COUNT, on top of the ~BASE counted from what was read). It runs inside the
 * first users request after an upgrade: fine for a local data dir; a big school upgraded in AWS wants it
 * run once ahead of that (it takes minutes at 100,000 users).
 */
export async function backfillSearchIndex(now = new Date()): Promise<number> {
  const users = await queryAll({ TableName: TABLE, IndexName: 'byParent', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': keys.usersIndexPk } });
  const base = new Map<string, number>();
  const unmarked = users.filter((u) => !isMarked(u)) as unknown as Searchable[];
  for (let i = 0; i < unmarked.length; i += 100) {
    const chunk = unmarked.slice(i, i + 100);
    const written = chunk.map((u) => searchIndexOf(u));
    // A user of the phone-last layout: its items that layout had and this one has not go, and only
    // the change of its heads is counted here (its old heads are in ~COUNT already).
    const phoneLast = chunk.map((u) => (isPhoneLast(u) ? searchIndexOf(u, true) : undefined));
    const stale = phoneLast.flatMap((old, j) => {
      if (!old) return [];
      const kept = new Set(written[j]!.items.map((x) => keyId(keyOf(x))));
      return old.items.map(keyOf).filter((k) => !kept.has(keyId(k)));
    });
    await batchWrite([
      ...written.flatMap((w) => w.items.map((Item) => ({ PutRequest: { Item } }))),
      ...chunk.flatMap((u) => (isPhoneLast(u) ? [] : legacyKeys(u)).map((Key) => ({ DeleteRequest: { Key } }))),
      ...stale.map((Key) => ({ DeleteRequest: { Key } })),
    ]);
    written.forEach((w) => w.heads.forEach((h) => base.set(h, (base.get(h) ?? 0) + 1)));
    phoneLast.forEach((old) => old?.heads.forEach((h) => base.set(h, (base.get(h) ?? 0) - 1)));
    // Renamed or deleted meanwhile: their own write may have come before ours.
    const fresh = await getItems(chunk.map((u) => keys.user(u.id)));
    const fixes: Parameters<typeof batchWrite>[0] = [];
    chunk.forEach((u, j) => {
      const current = fresh[j] as unknown as Searchable | undefined;
      if (current && sameIndex(u, current)) return;
      const keep = new Set(current ? searchIndexOf(current).items.map((x) => keyId(keyOf(x))) : []);
      for (const item of written[j]!.items) if (!keep.has(keyId(keyOf(item)))) fixes.push({ DeleteRequest: { Key: keyOf(item) } });
      if (current) for (const Item of searchIndexOf(current).items) fixes.push({ PutRequest: { Item } });
    });
    await batchWrite(fixes);
  }
  await batchWrite([...base].map(([head, n]) => ({ PutRequest: { Item: { ...keys.userSearchCountBase(head), n } } })));
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.usersCount, n: users.length } }));
  await ddb.send(new PutCommand({ TableName: TABLE, Item: { ...keys.userSearchState, version: SEARCH_INDEX_VERSION, at: now.toISOString(), users: users.length } }));
  return users.length;
}
