/** Password sign-in failures, logout, one session per student, and the failed-attempt limit. */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { api, ddb, makeUser, platform, setUserFields, uniq } from '../support/platform';

const WRONG = { message: 'Incorrect e-mail/phone or password', code: 'auth.badCredentials' };
const login = (identifier: string, password: string) => api('POST', '/api/auth/login', { json: { identifier, password } });
/** A protected call: 401 when the session is over; past the gate the users domain answers (200, or 501 until built). */
const profile = (token: string) => api('GET', '/api/user/profile', { token });
const adminCall = (token: string) => api('GET', '/api/admin/allusers', { token });

describe('POST /api/auth/login failures', () => {
  it('gives the same 401 for a wrong password and for an unknown e-mail or phone', async () => {
    const u = await makeUser();
    const wrongPassword = await login(u.email, 'Wr0ngPassword');
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual(WRONG);
    for (const identifier of [`${uniq('nobody')}@test.local`, '01198765432', 'not-an-identifier']) {
      const r = await login(identifier, 'Passw0rdOk');
      expect(r.status).toBe(401);
      expect(r.body).toEqual(WRONG);
    }
  });

  it('refuses an empty identifier with 400', async () => {
    const r = await api('POST', '/api/auth/login', { json: { identifier: ' ', password: 'x' } });
    expect(r.status).toBe(400);
  });

  it('gives a blocked user 403 with user.block, and only with the right password', async () => {
    const u = await makeUser({ block: true });
    const r = await login(u.email, u.password);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: expect.any(String), code: 'user.blocked', user: { block: true } });
    expect((await login(u.email, 'Wr0ngPassword')).status).toBe(401);
  });

  it('answers 429 after 10 failures for one identifier', async () => {
    const u = await makeUser();
    for (let i = 0; i < 10; i++) expect((await login(u.email, `Wr0ng${i}Password`)).status).toBe(401);
    const locked = await login(u.email.toUpperCase(), u.password);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
  });
});

describe('sessions', () => {
  it('logout ends the session: the same token gets 401 at once', async () => {
    const u = await makeUser();
    const { token } = (await login(u.email, u.password)).body.data;
    expect([200, 501]).toContain((await profile(token)).status);
    const out = await api('POST', '/api/auth/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logout Successfully' });
    const after = await profile(token);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('You have logged out. Please log in again.');
    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(401);
  });

  it('a second sign-in of a student ends the first session with the opened-elsewhere message', async () => {
    const u = await makeUser();
    const first = (await login(u.email, u.password)).body.data.token as string;
    const second = (await login(u.email, u.password)).body.data.token as string;
    expect(second).not.toBe(first);
    const old = await profile(first);
    expect(old.status).toBe(401);
    expect(old.body.message).toBe('Your account was opened on another device, so this session has ended. Please log in again.');
    expect([200, 501]).toContain((await profile(second)).status);
    // The token makeUser issued directly is gone too.
    expect((await profile(u.token)).status).toBe(401);
  });

  it('a block takes effect at once on a live token: 403 with user.block', async () => {
    const u = await makeUser();
    const { token } = (await login(u.email, u.password)).body.data;
    await setUserFields(u.id, { block: true });
    const r = await profile(token);
    expect(r.status).toBe(403);
    expect(r.body.user).toEqual({ block: true });
  });

  it('admin routes need the ADMIN group as well as the ADMIN role', async () => {
    const u = await makeUser();
    await setUserFields(u.id, { role: 'ADMIN' });
    const { token } = (await login(u.email, u.password)).body.data;
    const r = await adminCall(token);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('This action is for admins only');
  });

  it('admins keep several sessions', async () => {
    const a = await makeUser({ admin: true });
    const one = await login(a.email, a.password);
    const two = await login(a.email, a.password);
    expect(one.body.data.role).toBe('ADMIN');
    for (const token of [a.token, one.body.data.token, two.body.data.token]) expect([200, 501]).toContain((await adminCall(token)).status);
    const rec = await ddb().send(new GetCommand({ TableName: platform().tableName, Key: { PK: `USER#${a.id}`, SK: 'PROFILE' } }));
    expect(rec.Item?.sessions).toHaveLength(3);
  });
});
