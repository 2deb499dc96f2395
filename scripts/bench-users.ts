/**
 * The teacher's user search at 10,000 students: students seeded straight into DynamoDB (profile,
 * e-mail and phone guards, the search index items and head counts, as createUser writes them; up to
 * each count of BENCH_USERS, comma-separated, default 10000), then BENCH_SEARCHES (default 1,000)
 * searches of each kind at 50 connections: a name fragment, a first + family name, a whole first
 * name, a phone and an e-mail fragment. Goal: p99 < 300 ms at 10,000 students. Beside it, what one
 * search costs in AWS's terms: DynamoDB requests, items and read units (page 1 with its profiles).
 */
import type { PlatformInfo } from '../infra/local/platform';
import { type Judged, pool, statusOf, timedRun } from './bench-http';

// Names as an Egyptian school has them: a few dozen first and family names, in Arabic and Latin.
const arFirst = ['محمد', 'أحمد', 'محمود', 'مصطفى', 'يوسف', 'عمر', 'علي', 'حسن', 'إبراهيم', 'خالد', 'مريم', 'فاطمة', 'نور', 'سارة', 'آية', 'هبة', 'منة', 'ياسمين', 'رحمة', 'شهد'];
const arLast = ['عبد الرحمن', 'السيد', 'حسين', 'عبد الله', 'إسماعيل', 'سعيد', 'عادل', 'جمال', 'فتحي', 'شريف', 'طارق', 'رمضان', 'منصور', 'صلاح', 'سامي'];
const laFirst = ['mohamed', 'ahmed', 'mahmoud', 'mostafa', 'youssef', 'omar', 'ali', 'hassan', 'ibrahim', 'khaled', 'mariam', 'fatma', 'nour', 'sara', 'aya', 'heba', 'menna', 'yasmin', 'rahma', 'shahd'];
const laLast = ['abdelrahman', 'elsayed', 'hussein', 'abdallah', 'ismail', 'said', 'adel', 'gamal', 'fathy', 'sherif', 'tarek', 'ramadan', 'mansour', 'salah', 'samy'];
// Egyptian mobiles: 010/011/012/015 and 8 digits spread over the range (a bijection of i, so unique).
const phoneOf = (i: number) => `+20${['10', '11', '12', '15'][i % 4]}${String((i * 7_654_321 + 1_234_567) % 100_000_000).padStart(8, '0')}`;
const studentOf = (i: number) => {
  const latin = i % 2 === 0;
  const f = i % 20;
  const l = Math.floor(i / 20) % 15;
  return {
    id: `bench-${i}`,
    email: `${laFirst[f]}.${laLast[l]}${i}@example.com`,
    firstName: latin ? laFirst[f]! : arFirst[f]!,
    lastName: latin ? laLast[l]! : arLast[l]!,
    mobileNumber: phoneOf(i),
    role: 'USER' as const,
    block: false,
    activated: true,
    provider: 'cognito' as const,
    createdAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    sessions: [],
  };
};

export async function userSearch(info: PlatformInfo): Promise<{ rows: Record<string, unknown>; judged: Judged[] }> {
  const counts = (process.env.BENCH_USERS ?? '10000').split(',').map(Number).filter((n) => n > 0).sort((a, b) => a - b);
  // The data layer reads its configuration once, at import: the platform's table.
  Object.assign(process.env, { TABLE_NAME: info.tableName, DYNAMODB_ENDPOINT: info.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' });
  const repo = await import('../functions/data/user-repo');
  const search = await import('../functions/data/user-search-repo');
  const { searchPrefixes } = await import('../functions/data/user-search-text');
  const { keys } = await import('../functions/data/keys');
  const { ddb, TABLE } = await import('../functions/data/client');
  const { BatchGetCommand } = await import('@aws-sdk/lib-dynamodb');
  const { makeUser } = await import('../test/support/platform');
  const admin = await makeUser({ admin: true });
  const headers = { authorization: `Bearer ${admin.token}` };
  const headCounts = new Map<string, number>();
  const itemsOf = (i: number) => {
    const u = studentOf(i);
    const index = search.searchIndexOf(u);
    for (const h of index.heads) headCounts.set(h, (headCounts.get(h) ?? 0) + 1);
    return [
      { ...keys.user(u.id), ...keys.usersIndex(u.createdAt, u.id), ...u, ...search.SEARCH_INDEXED_MARK },
      { ...keys.userEmail(u.email), userId: u.id },
      { ...keys.userPhone(u.mobileNumber), userId: u.id },
      ...index.items,
    ];
  };
  // The AP40 mark: the seeded users carry their index, no backfill is needed.
  await repo.putItems([{ ...keys.userSearchState, version: search.SEARCH_INDEX_VERSION, at: new Date().toISOString() }]);

  const rows: Record<string, unknown> = {};
  const judged: Judged[] = [];
  let seeded = 0;
  for (const count of counts) {
    const t0 = performance.now();
    const chunks: number[][] = [];
    for (let i = seeded; i < count; i += 200) chunks.push(Array.from({ length: Math.min(200, count - i) }, (_, k) => i + k));
    await pool(chunks.map((c) => () => repo.putItems(c.flatMap(itemsOf))), 8);
    // The head counts as createUser's ADDs leave them (AP44), and the user count (AP42).
    await repo.putItems([...headCounts].map(([h, n]) => ({ ...keys.userSearchCount(h), n })));
    await repo.putItems([{ ...keys.usersCount, n: count }]);
    console.log(`users search: seeded ${count - seeded} students (now ${count}) in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    seeded = count;

    // Queries spread over the seeded students.
    const pick = (k: number) => (k * 7919) % count;
    const kinds: Record<string, (k: number) => string> = {
      'name fragment': (k) => (k % 2 ? arFirst : laFirst)[k % 20]!.slice(0, 3),
      'first + family name': (k) => `${laFirst[k % 20]} ${laLast[k % 15]!.slice(0, 4)}`,
      'whole first name': (k) => (k % 2 ? arFirst : laFirst)[k % 20]!,
      'phone (0…)': (k) => `0${phoneOf(pick(k)).slice(3)}`,
      'e-mail fragment': (k) => studentOf(pick(k)).email.slice(0, -12),
    };
    const requests = Number(process.env.BENCH_SEARCHES ?? 1000);
    const round = (query: (k: number) => string, n: number) =>
      timedRun(Array.from({ length: n }, (_, k) => () => statusOf(`${info.url}/api/admin/allusers?search=${encodeURIComponent(query(k))}`, { headers })), 50);
    // Every kind served once before any is measured (the platform's caches and V8's compiler).
    for (const query of Object.values(kinds)) await round(query, 300);
    for (const [kind, query] of Object.entries(kinds)) {
      const measured = await round(query, requests);
      // What one search (page 1) reads: the counters, the index, the BatchGet of the page's profiles.
      const samples = 40;
      const stats = { requests: 0, items: 0, capacity: 0 };
      for (let k = 0; k < samples; k++) {
        const found = await search.searchUsers(searchPrefixes(query(k)), 0, 6, { stats });
        if (!found.userIds.length) continue;
        const r = await ddb.send(new BatchGetCommand({ RequestItems: { [TABLE]: { Keys: found.userIds.map((id) => keys.user(id)) } }, ReturnConsumedCapacity: 'TOTAL' }));
        stats.requests++;
        stats.items += found.userIds.length;
        stats.capacity += (r.ConsumedCapacity ?? []).reduce((n, c) => n + (c.CapacityUnits ?? 0), 0);
      }
      const cost = { requestsPerSearch: Number((stats.requests / samples).toFixed(1)), itemsReadPerSearch: Math.round(stats.items / samples), readUnitsPerSearch: Number((stats.capacity / samples).toFixed(1)) };
      rows[`users search ${kind} @${count} users`] = { ...measured, ...cost };
      if (count === 10_000) {
        judged.push({ figure: `users search @10,000: ${kind} p99`, value: `${measured.p99ms} ms (p50 ${measured.p50ms})`, goal: '< 300 ms, 0 non-2xx', holds: measured.p99ms < 300 && measured.non2xx === 0 });
      }
      console.log(
        `users search ${kind.padEnd(20)} ${String(count).padStart(7)} users  @50 conn  p50 ${String(measured.p50ms).padStart(4)} ms  p99 ${String(measured.p99ms).padStart(4)} ms  ${String(measured.reqPerSec).padStart(5)} req/s  ` +
          `DynamoDB requests ${cost.requestsPerSearch}  items read ${cost.itemsReadPerSearch}  RCU ${cost.readUnitsPerSearch}  ${JSON.stringify(measured.statuses)}`,
      );
    }
  }
  return { rows, judged };
}
