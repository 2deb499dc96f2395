/**
 * An e-mail is at most 254 characters (RFC 5321's path limit). A longer one is a user's mistake:
 * 400 with the rule, before anything is stored, counted or mailed — on every route that takes one.
 * (Over ~2,000 characters the key would pass DynamoDB's 2 KB limit and the store would fail.)
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { api, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';
import { apiFrom, freshSource } from '../support/source';

jest.setTimeout(60_000);

/** A well-formed address of exactly `length` characters. */
const emailOf = (length: number) => {
  const domain = `@${uniq('long')}.test.local`;
  return `${'a'.repeat(64)}.${'b'.repeat(length - domain.length - 65)}${domain}`;
};
const LENGTHS = [255, 3000];
const TOO_LONG = { path: 'body.email', field: 'email', code: 'tooLong', params: { max: 254 }, message: 'email is too long (254 characters at most)' };

async function mailsTo(email: string): Promise<unknown[]> {
  const r = await fetch(`${platform().url}/_local/outbox.json?to=${encodeURIComponent(email)}`);
  return ((await r.json()) as { data: unknown[] }).data;
}
/** The items a request about `email` could have left behind (those whose key DynamoDB can hold). */
async function itemsAbout(email: string) {
  if (email.length > 1000) return [];
  const t = platform().tableName;
  const keys = [`EMAIL#${email}`, `RESET#${email}`, ...['reset-code', 'reset-guess', 'signup-email', 'mail-to'].map((w) => `WINDOW#${w}#${email}`)];
  const found = await Promise.all(keys.map(async (PK) => (await ddb().send(new GetCommand({ TableName: t, Key: { PK, SK: PK.startsWith('WINDOW#') ? 'WINDOW' : PK.split('#')[0] } }))).Item));
  return found.filter(Boolean);
}

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser({ admin: true });
});

it('makes well-formed addresses of the lengths tried', () => {
  expect(LENGTHS.map((n) => emailOf(n).length)).toEqual(LENGTHS);
});

const bodies: [string, (email: string) => unknown][] = [
  ['/api/auth/signup', (email) => ({ firstName: 'Salma', lastName: 'Nabil', email, password: 'Passw0rdOk', confirm: 'Passw0rdOk', mobileNumber: `010${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`, schooleYear: 'Second year' })],
  ['/api/auth/forget-password', (email) => ({ email })],
  ['/api/auth/verify-reset-code', (email) => ({ email, code: '123456' })],
  ['/api/auth/reset-password', (email) => ({ email, code: '123456', password: 'Passw0rdNew', confirm: 'Passw0rdNew' })],
];

describe.each(LENGTHS)('an e-mail of %i characters', (length) => {
  it.each(bodies)('POST %s answers 400 tooLong, and stores, counts and mails nothing', async (path, body) => {
    const email = emailOf(length);
    const r = await apiFrom(freshSource(), 'POST', path, body(email));
    expect([r.status, r.body.code, r.body.errors]).toEqual([400, 'validation', [TOO_LONG]]);
    expect(await itemsAbout(email)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
  });

  it('POST /api/admin/grant-lecture answers 400 tooLong', async () => {
    const r = await api('POST', '/api/admin/grant-lecture', { token: admin.token, json: { email: emailOf(length), lectureName: 'Any lecture' } });
    expect([r.status, r.body.code, r.body.errors]).toEqual([400, 'validation', [TOO_LONG]]);
  });
});

it('still takes an e-mail of exactly 254 characters (forget-password answers as for any address)', async () => {
  const email = emailOf(254);
  const r = await apiFrom(freshSource(), 'POST', '/api/auth/forget-password', { email });
  expect(r.status).toBe(200);
});
