/**
 * No route answers 500 to a user's mistake: every route of the table gets malformed bodies,
 * wrong types, odd path values and broken multipart, as an admin (so auth is not what stops them).
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { randomInt } from 'node:crypto';
import { ROUTES } from '../../shared/routes';
import { api, ddb, makeUser, platform, type TestUser, uniq } from '../support/platform';

jest.setTimeout(120_000);

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser({ admin: true });
});

const ODD_IDS = ["' OR 1=1 --", 'x'.repeat(300), '%00', '..%2F..', 'ÿ'];
const JSON_BODIES: unknown[] = ['a string', [1, 2, 3], { a: { b: [null] } }, { email: 12, password: [], code: {}, name: null, discount: 'lots' }, 42, null];

// Logout would end the admin's session; it has its own tests.
const routes = ROUTES.filter((r) => r.id !== 'POST /api/auth/logout');
const fill = (path: string, v: string) => path.replace(/\{(\w+)\}/g, () => encodeURIComponent(v));

it.each(routes.map((r) => [r.id, r] as const))('%s never answers 5xx to bad input', async (_id, r) => {
  const seen: number[] = [];
  for (const v of ODD_IDS) seen.push((await api(r.method, fill(r.path, v), { token: admin.token })).status);
  const path = fill(r.path, '01BADINPUT0000000000000000');
  if (r.method !== 'GET') {
    for (const json of JSON_BODIES) seen.push((await api(r.method, path, { token: admin.token, json })).status);
    seen.push((await api(r.method, path, { token: admin.token, body: '{"broken": ', headers: { 'content-type': 'application/json' } })).status);
    seen.push((await api(r.method, path, { token: admin.token, body: '--x\r\nnot really multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' } })).status);
    seen.push((await api(r.method, path, { token: admin.token, body: 'a=1&b=2', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).status);
  }
  if (r.query) seen.push((await api(r.method, `${path}?fileName=&fileType=text/html&fileSize=-1&page=-3&limit=abc&search=${'%'.repeat(3)}`, { token: admin.token })).status);
  expect(seen.filter((s) => s >= 500 && s !== 501)).toEqual([]);
});

describe('bidirectional controls', () => {
  const RLO = '\u202E';

  it('a name with U+202E is stored without it: sign-up, profile edit and course names', async () => {
    const email = `${uniq('bidi')}@test.local`;
    const signup = await api('POST', '/api/auth/signup', {
      json: { firstName: `Sal${RLO}ma`, lastName: `${RLO}Nabil\u2069`, email, password: 'Passw0rdOk', confirm: 'Passw0rdOk', mobileNumber: `010${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`, schooleYear: 'Second year' },
    });
    expect(signup.status).toBe(201);
    const { tableName } = platform();
    const guard = await ddb().send(new GetCommand({ TableName: tableName, Key: { PK: `EMAIL#${email}`, SK: 'EMAIL' } }));
    const stored = await ddb().send(new GetCommand({ TableName: tableName, Key: { PK: `USER#${guard.Item!.userId}`, SK: 'PROFILE' } }));
    expect(stored.Item).toMatchObject({ firstName: 'Salma', lastName: 'Nabil' });

    const student = await makeUser();
    const edit = await api('PATCH', '/api/user/update', { token: student.token, json: { firstName: `${RLO}gnp.exe`, lastName: `Ali\u2067\u0000 \u200Fعلي` } });
    expect(edit.status).toBe(200);
    const profile = await api('GET', '/api/user/profile', { token: student.token });
    // The isolate and the NUL go; the right-to-left mark Arabic text uses stays.
    expect(profile.body.data ?? profile.body).toMatchObject({ firstName: 'gnp.exe', lastName: 'Ali \u200Fعلي' });

    const form = new FormData();
    form.set('name', `Bio${RLO}logy ${uniq()}`);
    const course = await api('POST', '/api/cours/create-course', { token: admin.token, form });
    expect(course.status).toBe(201);
    expect(course.body.name).not.toContain(RLO);
    expect(course.body.name).toMatch(/^Biology /);
  });
});
