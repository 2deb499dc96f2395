/**
 * DynamoDB's TTL reads the table's TTL attribute (`expiresAt`, functions/data/table-def.ts) as epoch
 * SECONDS: a value in milliseconds lies 50,000 years ahead and the item is never removed. Every
 * writer of it is run through the API here (activation token, outbox mail, reset code, attempt
 * windows, sign-in failures, contact rate, Google sign-in state), then every item of the table that
 * carries the attribute is read back: a whole number of seconds (10 digits; milliseconds have 13). The
 * table is shared with the other test files, some of which write windows on a clock of their own (a
 * day ahead, a month back), so the unit is checked, not the distance from now.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { TABLE_DEFINITION } from '../../functions/data/table-def';
import { api, ddb, makeUser, platform, uniq } from '../support/platform';

jest.setTimeout(60_000);

/** Epoch seconds have ten digits from September 2001 until November 2286; milliseconds have thirteen. */
const SECONDS_2001 = 1_000_000_000;
const SECONDS_2286 = 10_000_000_000;

async function allItems(): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(new ScanCommand({ TableName: platform().tableName, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

it('writes the TTL attribute in epoch seconds, from every writer', async () => {
  expect(TABLE_DEFINITION.ttlAttribute).toBe('expiresAt');
  const email = `${uniq('ttl')}@test.local`;
  const password = 'Passw0rdOk';
  const mobileNumber = `011${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`;
  expect((await api('POST', '/api/auth/signup', { json: { firstName: 'Ttl', lastName: 'Student', email, password, confirm: password, mobileNumber, schooleYear: 'First year' } })).status).toBe(201);
  expect((await api('POST', '/api/auth/forget-password', { json: { email } })).status).toBe(200);
  expect((await api('POST', '/api/auth/login', { json: { identifier: email, password: 'WrongPassw0rd' } })).status).toBeGreaterThanOrEqual(400);
  const student = await makeUser();
  expect((await api('POST', '/api/user/contect_us', { token: student.token, json: { subject: 'TTL', message: 'seconds' } })).status).toBe(201);
  expect((await api('GET', '/api/auth/google')).status).toBe(302);

  const items = (await allItems()).filter((i) => 'expiresAt' in i);
  const numbers = items.filter((i) => typeof i.expiresAt === 'number');
  // Each writer ran: its items are among those read.
  const kinds = new Set(numbers.map((i) => String(i.PK).replace(/#.*$/, '')));
  expect([...kinds].sort()).toEqual(expect.arrayContaining(['ACTIVATION', 'CONTACTRATE', 'OAUTH', 'OUTBOX', 'RESET', 'SIGNIN', 'WINDOW']));
  for (const i of numbers) {
    const v = i.expiresAt as number;
    expect({ PK: i.PK, SK: i.SK, seconds: Number.isInteger(v) && v >= SECONDS_2001 && v < SECONDS_2286 }).toEqual({ PK: i.PK, SK: i.SK, seconds: true });
  }
  // A coupon's own expiry is an ISO date (or none): DynamoDB's TTL ignores a string. Nothing else has one.
  const other = items.filter((i) => typeof i.expiresAt !== 'number');
  expect(other.filter((i) => !String(i.PK).startsWith('COUPON#'))).toEqual([]);
});
