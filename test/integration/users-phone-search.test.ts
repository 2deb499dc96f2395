/**
 * The users search by phone, whatever digits were typed: a student with a long name and e-mail signed
 * up in Arabic-Indic digits is found by "01…", its first digits and "+20…" (the phone's token was the
 * last of a user's 16 and fell off for such a student), and a student indexed by the former phone-last
 * layout is moved by the one-time backfill (run by the first users request after the upgrade), counted once.
 */
import { randomInt } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';

jest.setTimeout(120_000);

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser({ admin: true });
  expect((await search('zz')).status).toBe(200);
});

async function repos() {
  const p = platform();
  Object.assign(process.env, { TABLE_NAME: p.tableName, DYNAMODB_ENDPOINT: p.dynamoEndpoint, AWS_REGION: 'eu-central-1', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_MAX_ATTEMPTS: '1' });
  const [search, { keys }] = await Promise.all([import('../../functions/data/user-search-repo'), import('../../functions/data/keys')]);
  return { search, keys };
}

const search = (text: string) => api('GET', `/api/admin/allusers?search=${encodeURIComponent(text)}`, { token: admin.token });
const found = async (text: string, id: string) => ((await search(text)).body.data as { id: string }[]).some((u) => u.id === id);
const arabic = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d)));
const persian = (s: string) => s.replace(/\d/g, (d) => String.fromCharCode(0x6f0 + Number(d)));
/** 0101 and 7 random digits: a number of this run. */
const mobile = () => `0101${String(randomInt(1e7)).padStart(7, '0')}`;
/** Names and an e-mail of many parts: with the phone, more than a user's 16 index tokens. */
const longNamed = (email: string) => ({ firstName: 'محمد أحمد محمود', lastName: 'عبد الرحمن السيد علي', email });

it('a student with a long name who typed the phone in Arabic-Indic digits is found by 01…, its first digits, +20…, and in any digits', async () => {
  const phone = mobile();
  const email = `${uniq('mohamed_ahmed.abdelrahman-elsayed.')}.2008@students.school.test.local`;
  const body = { ...longNamed(email), password: 'Passw0rdOk', confirm: 'Passw0rdOk', mobileNumber: arabic(phone), schooleYear: 'Second year' };
  expect((await apiFrom(freshSource(), 'POST', '/api/auth/signup', body)).status).toBe(201);
  const row = ((await search(email)).body.data as { id: string; mobileNumber: string }[])[0]!;
  expect(row.mobileNumber).toBe(`+20${phone.slice(1)}`);

  const national = phone.slice(1);
  const searches = [phone, '0101', phone.slice(0, 7), `+20${national}`, `0020${national}`, `+20 ${national.slice(0, 3)}-${national.slice(3, 7)}-${national.slice(7)}`, arabic(phone), persian(phone)];
  const results: Record<string, boolean> = {};
  for (const s of searches) results[s] = await found(s, row.id);
  expect(results).toEqual(Object.fromEntries(searches.map((s) => [s, true])));
});

it('the backfill moves a student indexed by the phone-last layout: found by phone, its heads counted once', async () => {
  const { search: repo, keys } = await repos();
  const table = platform().tableName;
  // Its own prefix (012, not the 010 the other files' students have): the head counts are the whole
  // platform's, and another file's student with the same phone head would move them meanwhile.
  const phone = `0128${String(randomInt(1e7)).padStart(7, '0')}`;
  // As createUser wrote a student in layout 3: the record marked 3, its phone-last items, its heads ADDed to ~COUNT.
  const u = {
    id: uniq('v3'),
    ...longNamed(`${uniq('mohamed_ahmed.abdelrahman-elsayed.')}.2008@students.school.test.local`),
    mobileNumber: `+20${phone.slice(1)}`,
    role: 'USER',
    block: false,
    activated: true,
    provider: 'cognito',
    createdAt: new Date().toISOString(),
    sessions: [],
  };
  const phoneHead = phone.slice(1, 5);
  const nameHead = 'محمد';
  const before = await repo.headCounts([phoneHead, nameHead]);
  const v3 = repo.searchIndexOf(u, true);
  expect(v3.heads).not.toContain(phoneHead);
  await ddb().send(new PutCommand({ TableName: table, Item: { ...keys.user(u.id), ...keys.usersIndex(u.createdAt, u.id), ...u, searchIndex: 3 } }));
  for (const Item of v3.items) await ddb().send(new PutCommand({ TableName: table, Item }));
  await repo.addToHeadCounts(new Map(v3.heads.map((h) => [h, 1])));
  // The data dir's layout flag is left as it is: set back to 3, it would index the students other files
  // create meanwhile in the old layout (their searches then miss). The backfill moves every unmarked user whatever it says.

  // What the first users request after the upgrade runs (once per Lambda instance: this platform's ran already).
  await Promise.all([repo.backfillSearchIndex(), repo.backfillSearchIndex()]);
  expect(await repo.searchIndexReady()).toBe(true);
  expect(await found(phone, u.id)).toBe(true);
  expect(await found(phone.slice(0, 4), u.id)).toBe(true);
  expect(await found(nameHead, u.id)).toBe(true);
  const after = await repo.headCounts([phoneHead, nameHead]);
  expect({ phone: after.get(phoneHead)! - before.get(phoneHead)!, name: after.get(nameHead)! - before.get(nameHead)! }).toEqual({ phone: 1, name: 1 });
});
