/**
 * The teacher's users search (GET /api/admin/allusers?search) on the real DynamoDB Local: each field
 * (Arabic names with their letter variants, Latin in any case, parts, phones with 0 / +20, e-mail
 * fragments), several words, newest first with pages, a rename and a delete, the head counts after
 * each, the backfill from the version-1 layout (twice at once), the 2-character rule, and the bounded
 * read that reports a lower bound.
 */
import { randomInt } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';

jest.setTimeout(180_000);

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser({ admin: true });
  // The platform's lazy backfill runs at its first search: before this file's writes, so that each write counts.
  expect((await search('zz')).status).toBe(200);
});

/** The repositories in this process, on the platform's table. */
async function repos() {
  const p = platform();
  Object.assign(process.env, { TABLE_NAME: p.tableName, DYNAMODB_ENDPOINT: p.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_MAX_ATTEMPTS: '1' });
  const [users, search, { keys }] = await Promise.all([import('../../functions/data/user-repo'), import('../../functions/data/user-search-repo'), import('../../functions/data/keys')]);
  return { users, search, keys };
}

/** A random word (its 4-letter head is this test's own, in practice). */
const word = (alphabet: string, n = 8) => Array.from({ length: n }, () => alphabet[randomInt(alphabet.length)]).join('');
const ARABIC = 'بتثجحخدذرزسشصضطظعغفقكلمنوي';
const arabic = (n = 8) => word(ARABIC, n);
const latin = (n = 8) => word('bcdfghjklmnpqrstvwxz', n);
/** A Latin word whose 2-letter head only this file's words have (no name or e-mail of the other tests starts with q). */
const qword = () => `q${latin(7)}`;
const randomPhone = () => `+20${['10', '11', '12', '15'][randomInt(4)]}${String(randomInt(100_000_000)).padStart(8, '0')}`;

const search = (text: string, extra = '') => api('GET', `/api/admin/allusers?search=${encodeURIComponent(text)}${extra}`, { token: admin.token });
const ids = (r: { body: { data: { id: string }[] } }) => r.body.data.map((x) => x.id);

type Student = Awaited<ReturnType<typeof student>>;
/** A student as sign-up makes one (createUser: the record, its guards, its index and counts). */
async function student(fields: { firstName: string; lastName: string; email?: string; mobileNumber?: string; createdAt?: string }) {
  const { users } = await repos();
  return users.createUser({
    id: uniq('s'),
    email: fields.email ?? `${uniq('st')}@test.local`,
    firstName: fields.firstName,
    lastName: fields.lastName,
    mobileNumber: fields.mobileNumber ?? randomPhone(),
    role: 'USER',
    block: false,
    activated: true,
    provider: 'cognito',
    createdAt: fields.createdAt ?? new Date().toISOString(),
    sessions: [],
  });
}
const count = async (head: string) => (await (await repos()).search.headCounts([head])).get(head)!;

describe('search by each field', () => {
  const tag = arabic();
  const tag2 = arabic();
  const mark = latin();
  const common = latin();
  const phone = randomPhone();
  let ahmed: Student;
  let mona: Student;
  beforeAll(async () => {
    const now = Date.now();
    ahmed = await student({ firstName: 'أحمد', lastName: `${tag} Mostafa${mark} ${common}`, email: `Ahmed.${mark}@Example.com`, mobileNumber: phone, createdAt: new Date(now - 1000).toISOString() });
    // Letter variants stored: ى at the end with tashkeel, ة, a hamza under the alef.
    mona = await student({ firstName: 'مُنى', lastName: `${tag2}ة إسلام ${common}`, email: `${uniq('mona')}@test.local`, createdAt: new Date(now).toISOString() });
  });

  it.each([
    ['an Arabic name fragment', () => tag.slice(0, 5)],
    ['the Arabic first name with another alef and the family word', () => `احمد ${tag}`],
    ['a Latin name fragment in another case', () => `MOSTAFA${mark.slice(0, 4).toUpperCase()}`],
    ['the phone with +20', () => phone],
    ['the phone with a leading 0', () => `0${phone.slice(3)}`],
    ['the phone without 0 or +20', () => phone.slice(3)],
    ['a phone prefix with 0', () => `0${phone.slice(3, 10)}`],
    ['an e-mail fragment', () => `ahmed.${mark.slice(0, 5)}`],
    ['the whole e-mail in upper case', () => `AHMED.${mark.toUpperCase()}@EXAMPLE.COM`],
  ])('finds the student by %s', async (_what, text) => {
    const r = await search(text());
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([ahmed.id]);
    expect(r.body).toMatchObject({ page: 1, limit: 6, total: 1, pages: 1 });
    expect(r.body.totalIsLowerBound).toBeUndefined();
    expect(r.body.data[0]).toMatchObject({ firstName: 'أحمد', email: ahmed.email, mobileNumber: phone, block: false, createdAt: ahmed.createdAt, lastSignInAt: null });
  });

  it.each([
    ['ي for ى and no tashkeel', () => `مني ${tag2}`],
    ['ه for ة', () => `${tag2}ه`],
    ['ا for إ', () => `اسلام ${tag2}`],
  ])('Arabic letter variants meet: %s', async (_what, text) => {
    expect(ids(await search(text()))).toEqual([mona.id]);
  });

  it('several words: every one must start some token of the same student', async () => {
    expect(ids(await search(`${tag} mostafa`))).toEqual([ahmed.id]);
    expect(ids(await search(`${tag2} اسلام`))).toEqual([mona.id]);
    expect(ids(await search(`${common} اسلام`))).toEqual([mona.id]);
    expect((await search(`${tag} nobody${mark}`)).body).toMatchObject({ data: [], total: 0, pages: 0 });
    // Both have the shared word: newest first.
    expect(ids(await search(common))).toEqual([mona.id, ahmed.id]);
    expect(ids(await search(common.slice(0, 3)))).toEqual([mona.id, ahmed.id]);
  });

  it('finds nobody for a name no one has, and matches only at the start of a name part', async () => {
    expect((await search(`${tag}x${arabic()}`)).body).toMatchObject({ data: [], total: 0, pages: 0 });
    expect((await search(`ostafa${mark}`)).body.total).toBe(0);
  });
});

describe('pages', () => {
  it('pages of 6, newest first, with total and pages; page 2 holds the rest', async () => {
    const family = arabic();
    const base = Date.now();
    const made: Student[] = [];
    for (let i = 0; i < 8; i++) made.push(await student({ firstName: 'طالب', lastName: family, createdAt: new Date(base - i * 60_000).toISOString() }));
    const p1 = await search(family);
    expect(p1.body).toMatchObject({ page: 1, limit: 6, total: 8, pages: 2 });
    expect(ids(p1)).toEqual(made.slice(0, 6).map((m) => m.id));
    const p2 = await search(family, '&page=2');
    expect(p2.body).toMatchObject({ page: 2, total: 8, pages: 2 });
    expect(ids(p2)).toEqual(made.slice(6).map((m) => m.id));
    const small = await search(family, '&limit=3&page=3');
    expect(small.body).toMatchObject({ total: 8, pages: 3 });
    expect(ids(small)).toEqual(made.slice(6).map((m) => m.id));
    // A one-word search that is a head (4 letters): the page from the newest-first index, the total from its count.
    const head = `${family.slice(0, 4)}`;
    const byHead = await search(head);
    expect(byHead.body.total).toBeGreaterThanOrEqual(8);
    expect(ids(byHead)).toEqual(made.slice(0, 6).map((m) => m.id));
  });
});

describe('writes keep the index and the counts right', () => {
  it('create counts each head once; a rename moves the student and the counts; a delete takes both away', async () => {
    const oldName = qword();
    const newName = latin();
    const [oldHead, newHead] = [oldName.slice(0, 4), newName.slice(0, 4)];
    const before = { old: await count(oldHead), new: await count(newHead), two: await count(oldName.slice(0, 2)) };
    const u = await makeUser();
    // The first student's names through the route (a rename of the record makeUser made), then a second made by createUser.
    expect((await api('PATCH', '/api/user/update', { token: u.token, json: { firstName: oldName, lastName: `${oldName}x` } })).status).toBe(200);
    const s = await student({ firstName: oldName, lastName: 'Other' });
    expect(ids(await search(oldName))).toEqual([s.id, u.id]);
    // Two students, each counted once however many of their tokens share the head (oldName and oldName+x).
    expect(await count(oldHead)).toBe(before.old + 2);
    expect(await count(oldName.slice(0, 2))).toBe(before.two + 2);

    const renamed = await api('PATCH', '/api/user/update', { token: u.token, json: { firstName: newName, lastName: 'Same' } });
    expect(renamed.status).toBe(200);
    expect(ids(await search(oldName))).toEqual([s.id]);
    expect(ids(await search(newName))).toEqual([u.id]);
    expect(await count(oldHead)).toBe(before.old + 1);
    expect(await count(newHead)).toBe(before.new + 1);

    // s has no pool user: its record goes as the route's deleteUserRecord does it.
    const { users } = await repos();
    await users.deleteUserRecord((await users.userById(s.id))!);
    expect((await search(oldName)).body).toMatchObject({ data: [], total: 0 });
    expect(await count(oldHead)).toBe(before.old);
    expect((await api('DELETE', `/api/user/deleteUser/${u.id}`, { token: admin.token })).status).toBe(200);
    expect((await search(newName)).body.total).toBe(0);
    expect(await count(newHead)).toBe(before.new);
  });
});

describe('the backfill from the version-1 layout', () => {
  it('indexes users made before the layout, removes their old items, counts them once even when two run at once', async () => {
    const { search: repo, keys } = await repos();
    const table = platform().tableName;
    const family = latin();
    const head = family.slice(0, 4);
    const before = await count(head);
    // Two students as the old code left them: a record without the mark, its version-1 token items, no new items.
    const old = [0, 1].map((i) => ({
      id: uniq('old'),
      email: `${uniq('old')}@test.local`,
      firstName: 'Legacy',
      lastName: `${family}${i}`,
      mobileNumber: randomPhone(),
      role: 'USER',
      block: false,
      activated: true,
      provider: 'cognito',
      createdAt: new Date(Date.now() - (i + 1) * 1000).toISOString(),
      sessions: [],
    }));
    const { searchTokens } = await import('../../functions/data/user-search-text');
    for (const u of old) {
      await ddb().send(new PutCommand({ TableName: table, Item: { ...keys.user(u.id), ...keys.usersIndex(u.createdAt, u.id), ...u } }));
      for (const t of searchTokens(u, 24)) await ddb().send(new PutCommand({ TableName: table, Item: { ...keys.legacyUserSearchToken(t, u.id), userId: u.id, createdAt: u.createdAt } }));
    }
    expect((await search(family)).body.total).toBe(0);

    await Promise.all([repo.backfillSearchIndex(), repo.backfillSearchIndex()]);

    expect(ids(await search(family))).toEqual(old.map((u) => u.id));
    expect(await count(head)).toBe(before + 2);
    for (const u of old) {
      for (const t of searchTokens(u, 24)) expect((await ddb().send(new GetCommand({ TableName: table, Key: keys.legacyUserSearchToken(t, u.id) }))).Item).toBeUndefined();
    }
    expect(await repo.searchIndexReady()).toBe(true);
    // Their later edits count from there: a delete takes one off.
    const { users } = await repos();
    await users.deleteUserRecord((await users.userById(old[0]!.id))!);
    expect(await count(head)).toBe(before + 1);
    expect(ids(await search(family))).toEqual([old[1]!.id]);
    await ddb().send(new DeleteCommand({ TableName: table, Key: keys.user(old[1]!.id) }));
  });
});

describe('the 2-character rule', () => {
  it.each(['m', 'م', '01', '+201', 'a b'])('"%s" → 400 search tooShort (min 2)', async (text) => {
    const r = await search(text);
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([expect.objectContaining({ field: 'search', code: 'tooShort', params: { min: 2 } })]);
  });
  it('two characters, a one-letter word beside a longer one, or nothing at all are answered', async () => {
    for (const text of ['mo', '010', `a ${latin()}`, '', '  ']) expect([text, (await search(text)).status]).toEqual([text, 200]);
  });
});

describe('bounded reads', () => {
  const tight = { fullScan: 2, probe: 3, minRead: 4, maxRead: 9, maxKeys: 10 };
  const family = latin();
  const first = latin();
  const made: Student[] = [];
  beforeAll(async () => {
    const base = Date.now();
    // 14 of a family, newest first, every other one named `${first}a`; and four older cousins sharing the family's first 4 letters.
    for (let i = 0; i < 14; i++) made.push(await student({ firstName: `${first}${i % 2 ? 'a' : 'b'}`, lastName: family, createdAt: new Date(base - i * 60_000).toISOString() }));
    for (let i = 0; i < 4; i++) await student({ firstName: 'Cousin', lastName: `${family.slice(0, 4)}zz${i}`, createdAt: new Date(base - (20 + i) * 60_000).toISOString() });
  });
  const odd = () => made.filter((_, i) => i % 2).map((m) => m.id);

  it('a search past the caps stops early: the page is right, the total a lower bound', async () => {
    const { search: repo } = await repos();
    const words = [family.slice(0, 4), `${first}a`];
    // The rarest head is the first names' (14 users, over fullScan): its read stops at 9 items, 4 of them matches.
    const r = await repo.searchUsers(words, 0, 2, { limits: tight });
    expect(r).toMatchObject({ exact: false, plan: 'bounded', total: 4, reachable: 4 });
    expect(r.userIds).toEqual(odd().slice(0, 2));
    // A page past what was read is empty, never a longer read.
    const deep = await repo.searchUsers(words, 4, 2, { limits: tight });
    expect(deep).toMatchObject({ userIds: [], exact: false });
    // With the usual limits the same search reads the small partition whole: exact.
    const full = await repo.searchUsers(words, 2, 2);
    expect(full).toMatchObject({ exact: true, total: 7, userIds: odd().slice(2, 4) });
  });

  it('a long word with few matches is read in token order (exact); a one-word head pages no deeper than maxKeys', async () => {
    const { search: repo } = await repos();
    const r = await repo.searchUsers([family], 0, 6, { limits: { ...tight, probe: 15 } });
    expect(r).toMatchObject({ plan: 'token', exact: true, total: 14 });
    expect(r.userIds).toEqual(made.slice(0, 6).map((m) => m.id));
    const head = await repo.searchUsers([family.slice(0, 4)], 6, 6, { limits: tight });
    expect(head).toMatchObject({ plan: 'head', exact: true, total: 18, reachable: 10 });
    expect(head.userIds).toEqual(made.slice(6, 10).map((m) => m.id));
    const stats = { requests: 0, items: 0, capacity: 0 };
    const past = await repo.searchUsers([family.slice(0, 4)], 12, 6, { limits: tight, stats });
    expect(past).toMatchObject({ userIds: [], total: 18 });
    expect(stats).toMatchObject({ requests: 1 });
    expect(stats.items).toBeLessThanOrEqual(2);
  });

  it('the route: pages over the matches, no lower-bound flag on an exact answer', async () => {
    const r = await search(`${family} ${first}a`);
    expect(r.body).toMatchObject({ total: 7, pages: 2 });
    expect(ids(r)).toEqual(odd().slice(0, 6));
    expect(r.body.totalIsLowerBound).toBeUndefined();
  });
});
