/**
 * One account, one student (issue 41, docs/devices.md): a student's devices under the teacher's
 * limit (the race of two new devices, admins exempt, a blocked student), the one-time removal token,
 * the once-per-period removal, the teacher's view and reset, the sharing flag, the Google path, and
 * the teacher's settings (validation; the single-session switch read from them).
 */
import { randomBytes } from 'node:crypto';
import { api, makeUser, platform, setUserFields, type TestUser, uniq } from '../support/platform';
import { liveRefreshTokens } from '../support/pool-state';
import { apiFrom, freshSource } from '../support/source';
import { withTeacherSettings } from '../support/settings-lock';

jest.setTimeout(120_000);

const newDeviceId = () => randomBytes(16).toString('base64url');
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const login = (u: { email: string; password: string }, deviceId?: string, userAgent = PHONE_UA) =>
  api('POST', '/api/auth/login', { json: { identifier: u.email, password: u.password, ...(deviceId ? { deviceId } : {}) }, headers: { 'user-agent': userAgent } });
const myDevices = (token: string) => api('GET', '/api/user/devices', { token });
const removeMine = (token: string, handle: string) => api('DELETE', `/api/user/devices/${handle}`, { token });
const removeWithToken = (removalToken: string, deviceId: string) => api('POST', '/api/auth/devices/remove', { json: { removalToken, deviceId } });
const profile = (token: string) => api('GET', '/api/user/profile', { token });

let admin: TestUser;
beforeAll(async () => {
  admin = await makeUser({ admin: true });
});
const teacherView = (userId: string) => api('GET', `/api/admin/users/${userId}/devices`, { token: admin.token });

/** A student signed in from `n` devices of their own (the limit is 2 by default). */
async function studentOn(n: number): Promise<{ u: TestUser; ids: string[]; tokens: string[] }> {
  const u = await makeUser();
  const ids: string[] = [];
  const tokens: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = newDeviceId();
    const r = await login(u, id);
    expect(r.status).toBe(200);
    ids.push(id);
    tokens.push(r.body.data.token);
  }
  return { u, ids, tokens };
}

describe('the device limit at sign-in', () => {
  it('lets a student in from two devices and refuses a third with 403 auth.deviceLimit: the devices, the limit, a removal token, no session', async () => {
    const { u, ids } = await studentOn(2);
    const before = await liveRefreshTokens(u.email);
    const third = await login(u, newDeviceId(), 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0');
    expect(third.status).toBe(403);
    expect(third.body).toEqual({
      message: 'This account is already signed in on as many devices as your teacher allows. Remove one of them, or ask your teacher.',
      code: 'auth.deviceLimit',
      devices: [
        { id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), name: 'Android phone · Chrome', kind: 'phone', os: 'Android', browser: 'Chrome', firstSeenAt: expect.any(String), lastSeenAt: expect.any(String) },
        { id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), name: 'Android phone · Chrome', kind: 'phone', os: 'Android', browser: 'Chrome', firstSeenAt: expect.any(String), lastSeenAt: expect.any(String) },
      ],
      limit: 2,
      nextRemovalAt: null,
      removalToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(third.body).not.toHaveProperty('data');
    // No refresh token of the refused sign-in is left alive in the pool (cognito-local writes its file a little later).
    let live = await liveRefreshTokens(u.email);
    for (let waited = 0; live.length > before.length && waited < 5000; waited += 100) {
      await new Promise((r) => setTimeout(r, 100));
      live = await liveRefreshTokens(u.email);
    }
    expect(live).toEqual(before);
    // The raw device id is never what the server shows.
    expect(third.body.devices.map((d: { id: string }) => d.id)).not.toContain(ids[0]);
    // A known device still gets in, and is seen again.
    const again = await login(u, ids[0]);
    expect(again.status).toBe(200);
  });

  it("answers in the student's own language", async () => {
    const { u } = await studentOn(2);
    await setUserFields(u.id, { locale: 'ar' });
    const r = await login(u, newDeviceId());
    expect([r.status, r.body.code, r.body.message]).toEqual([403, 'auth.deviceLimit', 'هذا الحساب مسجَّل بالفعل على أقصى عدد من الأجهزة يسمح به المدرس. احذف أحدها، أو تواصل مع المدرس.']);
  });

  it('counts a sign-in without deviceId as the device its user agent names', async () => {
    const { u } = await studentOn(1);
    expect((await login(u, undefined, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).status).toBe(200);
    // The same browser again is the same device; another browser is a third.
    expect((await login(u, undefined, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).status).toBe(200);
    const refused = await login(u, undefined, 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0');
    expect(refused.body.code).toBe('auth.deviceLimit');
    expect(refused.body.devices.map((d: { name: string }) => d.name)).toEqual(['Android phone · Chrome', 'iPhone · Safari']);
  });

  it('lets only as many of several new devices racing in as the limit allows', async () => {
    const u = await makeUser();
    const tries = await Promise.all(Array.from({ length: 4 }, () => login(u, newDeviceId())));
    expect(tries.map((r) => r.status).sort()).toEqual([200, 200, 403, 403]);
    const { body } = await teacherView(u.id);
    expect(body.data.devices).toHaveLength(2);
  });

  it('checks the password first: a wrong one from a further device is 401, and no event is counted', async () => {
    const { u } = await studentOn(2);
    const r = await login({ email: u.email, password: 'Wr0ngPassword' }, newDeviceId());
    expect(r.status).toBe(401);
    expect((await teacherView(u.id)).body.data.events).toEqual([]);
  });

  it('does not limit admins (their devices are still recorded)', async () => {
    const a = await makeUser({ admin: true });
    for (let i = 0; i < 4; i++) expect((await login(a, newDeviceId())).status).toBe(200);
    expect((await teacherView(a.id)).body.data.devices).toHaveLength(4);
  });

  it('keeps a blocked student blocked: 403 user.blocked, no device recorded, no event', async () => {
    const u = await makeUser({ block: true });
    const r = await login(u, newDeviceId());
    expect([r.status, r.body.code]).toEqual([403, 'user.blocked']);
    const view = (await teacherView(u.id)).body.data;
    expect([view.devices, view.events, view.signIns]).toEqual([[], [], []]);
  });
});

describe('removing a device', () => {
  it('with the refusal token: once, then the third device gets in; the removed device is signed out', async () => {
    const { u, tokens } = await studentOn(2);
    const refused = await login(u, newDeviceId());
    const thirdId = newDeviceId();
    const refusedThird = await login(u, thirdId);
    const { removalToken, devices } = refusedThird.body;
    expect(refused.body.removalToken).not.toBe(removalToken);
    // First seen first: devices[1] is the second device, whose session (tokens[1]) is the live one.
    expect((await profile(tokens[1]!)).status).toBe(200);
    const r = await removeWithToken(removalToken, devices[1].id);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { removed: true } });
    const twice = await removeWithToken(removalToken, devices[0].id);
    expect([twice.status, twice.body.code]).toEqual([401, 'auth.removalTokenInvalid']);
    const ended = await profile(tokens[1]!);
    expect([ended.status, ended.body.code]).toEqual([401, 'session.deviceRemoved']);
    expect((await login(u, thirdId)).status).toBe(200);
  });

  it('refuses an unknown or made-up token, and a handle not of the account', async () => {
    const { u } = await studentOn(2);
    const made = await removeWithToken(randomBytes(32).toString('base64url'), 'A'.repeat(22));
    expect([made.status, made.body.code]).toEqual([401, 'auth.removalTokenInvalid']);
    const { removalToken } = (await login(u, newDeviceId())).body;
    const notMine = await removeWithToken(removalToken, 'B'.repeat(22));
    expect([notMine.status, notMine.body.code]).toEqual([404, 'device.notFound']);
    expect((await api('POST', '/api/auth/devices/remove', { json: { removalToken: 'short', deviceId: 'x' } })).status).toBe(400);
  });

  it('lists what the refusal listed by its token (the Google page), without spending it', async () => {
    const { u } = await studentOn(2);
    const { removalToken, devices } = (await login(u, newDeviceId())).body;
    const r = await api('GET', `/api/auth/devices?removalToken=${removalToken}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ data: { devices, limit: 2, nextRemovalAt: null } });
    expect((await removeWithToken(removalToken, devices[0].id)).status).toBe(200);
    expect((await api('GET', `/api/auth/devices?removalToken=${removalToken}`)).body.code).toBe('auth.removalTokenInvalid');
  });

  it('from /profile: GET lists them, DELETE removes one at most once per period (429 with the date), its session ends at once', async () => {
    const { u, tokens } = await studentOn(1);
    const list = await myDevices(tokens[0]!);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ data: { devices: [expect.objectContaining({ name: 'Android phone · Chrome', kind: 'phone' })], limit: 2, removalDays: 30, nextRemovalAt: null } });
    const own = list.body.data.devices[0].id as string;
    expect((await removeMine(tokens[0]!, 'C'.repeat(22))).body.code).toBe('device.notFound');
    const before = Date.now();
    const removed = await removeMine(tokens[0]!, own);
    expect([removed.status, removed.body]).toEqual([200, { data: { removed: true } }]);
    const ended = await profile(tokens[0]!);
    expect([ended.status, ended.body.code]).toEqual([401, 'session.deviceRemoved']);

    const back = await login(u, newDeviceId());
    const second = await login(u, newDeviceId());
    expect([back.status, second.status]).toEqual([200, 200]);
    const now = await myDevices(second.body.data.token);
    const next = Date.parse(now.body.data.nextRemovalAt);
    expect(next).toBeGreaterThanOrEqual(before + 30 * 86_400_000 - 1000);
    expect(next).toBeLessThanOrEqual(Date.now() + 30 * 86_400_000);
    const soon = await removeMine(second.body.data.token, now.body.data.devices[0].id);
    expect(soon.status).toBe(429);
    expect(soon.body).toEqual({ message: expect.any(String), code: 'devices.removalTooSoon', nextRemovalAt: now.body.data.nextRemovalAt });
    // The refusal says so too, and its token cannot jump the period.
    const refused = (await login(u, newDeviceId())).body;
    expect(refused.nextRemovalAt).toBe(now.body.data.nextRemovalAt);
    expect((await removeWithToken(refused.removalToken, refused.devices[0].id)).status).toBe(429);
  });
});

describe("the teacher's view of a student's devices", () => {
  it('lists the devices, the latest sign-ins with the first three octets, and the refusals; flags past the threshold; resets everything', async () => {
    const u = await makeUser();
    const source = freshSource();
    const id = newDeviceId();
    const first = await apiFrom(source, 'POST', '/api/auth/login', { identifier: u.email, password: u.password, deviceId: id }, { 'user-agent': PHONE_UA });
    expect(first.status).toBe(200);
    await login(u, newDeviceId());
    for (let i = 0; i < 3; i++) expect((await login(u, newDeviceId(), 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15')).status).toBe(403);
    let view = (await teacherView(u.id)).body.data;
    expect(view.devices).toHaveLength(2);
    expect(view.signIns).toHaveLength(2);
    expect(view.signIns[1]).toEqual({ at: expect.any(String), name: 'Android phone · Chrome', kind: 'phone', os: 'Android', browser: 'Chrome', ip: `${source.split('.').slice(0, 3).join('.')}.x` });
    expect(view.events).toHaveLength(3);
    expect(view.flagged).toBe(false);
    expect(view.events[0]).toEqual({ at: expect.any(String), kind: 'deviceRefused', device: { name: 'Mac · Safari', kind: 'computer', os: 'macOS', browser: 'Safari' } });
    // The same device refused again the same day is not another event.
    const retried = newDeviceId();
    expect((await login(u, retried)).status).toBe(403);
    expect((await login(u, retried)).status).toBe(403);
    view = (await teacherView(u.id)).body.data;
    expect(view.events).toHaveLength(4);
    // Three is the threshold: the fourth refusal flagged the account, in the users list too.
    expect(view.flagged).toBe(true);
    const flaggedList = await api('GET', '/api/admin/allusers?flagged=true&limit=100', { token: admin.token });
    expect(flaggedList.status).toBe(200);
    expect(flaggedList.body.data.find((r: { id: string }) => r.id === u.id)).toEqual(expect.objectContaining({ id: u.id, flagged: true }));
    expect(flaggedList.body.data.every((r: { flagged: boolean }) => r.flagged)).toBe(true);

    // The reset: no devices, no removal period, every session ended; the student signs in afresh.
    const reset = await api('DELETE', `/api/admin/users/${u.id}/devices`, { token: admin.token });
    expect([reset.status, reset.body]).toEqual([200, { data: { reset: true, removed: 2 } }]);
    expect((await teacherView(u.id)).body.data.devices).toEqual([]);
    const ended = await profile(first.body.data.token);
    expect([ended.status, ended.body.code]).toEqual([401, 'session.deviceRemoved']);
    const fresh = await login(u, newDeviceId());
    expect(fresh.status).toBe(200);
  });

  it('resets the removal period with the devices', async () => {
    const { u, tokens } = await studentOn(1);
    const own = (await myDevices(tokens[0]!)).body.data.devices[0].id;
    expect((await removeMine(tokens[0]!, own)).status).toBe(200);
    const again = await login(u, newDeviceId());
    expect((await myDevices(again.body.data.token)).body.data.nextRemovalAt).not.toBeNull();
    expect((await api('DELETE', `/api/admin/users/${u.id}/devices`, { token: admin.token })).status).toBe(200);
    const after = await login(u, newDeviceId());
    expect((await myDevices(after.body.data.token)).body.data.nextRemovalAt).toBeNull();
  });

  it('is for admins only, and 404 for an unknown student', async () => {
    const { u, tokens } = await studentOn(1);
    expect((await api('GET', `/api/admin/users/${u.id}/devices`, { token: tokens[0] })).status).toBe(403);
    expect((await api('DELETE', `/api/admin/users/${u.id}/devices`, { token: tokens[0] })).status).toBe(403);
    expect((await api('GET', `/api/admin/users/${uniq('nobody')}/devices`, { token: admin.token })).body.code).toBe('user.notFound');
  });
});

describe('the Google path', () => {
  const COOKIE = 'bioscope_google';
  const go = (url: string, init: RequestInit = {}) => fetch(url, { redirect: 'manual', ...init });
  const hiddenFields = (html: string) => Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)))]));

  /** One Google sign-in in one browser, from the web's device id: where it lands, and the session when it got one. */
  async function google(email: string, deviceId: string) {
    const { url } = platform();
    const started = await go(`${url}/api/auth/google?deviceId=${deviceId}`, { headers: { 'user-agent': PHONE_UA } });
    expect(started.status).toBe(302);
    const cookie = started.headers.getSetCookie().find((c) => c.startsWith(`${COOKIE}=`))!.split(';')[0]!;
    const chooser = await go(started.headers.get('location')!);
    const form = new URLSearchParams({ ...hiddenFields(await chooser.text()), given_name: 'Mona', family_name: 'Adel', email });
    const chosen = await go(`${url}/_local/cognito/google/choose`, { method: 'POST', body: form });
    const landed = new URL((await go(chosen.headers.get('location')!, { headers: { cookie, 'user-agent': PHONE_UA } })).headers.get('location')!);
    if (landed.pathname !== '/auth/google/callback') return { landed };
    const r = await api('POST', '/api/auth/google/exchange', { json: { code: new URLSearchParams(landed.hash.slice(1)).get('code') }, headers: { cookie } });
    expect(r.status).toBe(200);
    return { landed, session: r.body.data as { id: string; token: string } };
  }

  it('records the device the start carried; a further one lands on the login page with the reason and a removal token', async () => {
    const email = `${uniq('g')}@gmail.test`;
    const a = newDeviceId();
    const first = await google(email, a);
    expect(first.session).toBeDefined();
    const userId = first.session!.id;
    expect((await google(email, a)).session).toBeDefined(); // the same device again
    expect((await google(email, newDeviceId())).session).toBeDefined();
    const view = (await teacherView(userId)).body.data;
    expect(view.devices).toHaveLength(2);
    expect(view.signIns).toHaveLength(3);

    const refused = await google(email, newDeviceId());
    expect(refused.session).toBeUndefined();
    expect(`${refused.landed.origin}${refused.landed.pathname}`).toBe(`${platform().url}/auth/login`);
    expect(refused.landed.searchParams.get('google')).toBe('failed');
    expect(refused.landed.searchParams.get('reason')).toBe('device_limit');
    const removalToken = refused.landed.searchParams.get('removalToken')!;
    expect(removalToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const listed = await api('GET', `/api/auth/devices?removalToken=${removalToken}`);
    expect(listed.body.data.devices).toHaveLength(2);
    expect((await removeWithToken(removalToken, listed.body.data.devices[0].id)).status).toBe(200);
    expect((await google(email, newDeviceId())).session).toBeDefined();
    expect((await teacherView(userId)).body.data.events).toEqual([expect.objectContaining({ kind: 'deviceRefused', device: expect.objectContaining({ name: 'Android phone · Chrome', kind: 'phone', os: 'Android' }) })]);
  });
});

describe("the teacher's settings", () => {
  const settings = () => api('GET', '/api/admin/settings', { token: admin.token });
  const patch = (body: unknown) => api('PATCH', '/api/admin/settings', { token: admin.token, json: body });
  // The settings are the whole platform's: each test holds them (other files' tests rely on one session per student).
  const holding = (run: () => Promise<void>) => () =>
    withTeacherSettings(async () => {
      try {
        await run();
      } finally {
        await patch({ deviceLimit: 2, deviceRemovalDays: 30, singleSession: true, sharingFlagThreshold: 3 });
      }
    });

  it('answers the defaults, changes only what is sent, and refuses bad values with 400 validation', holding(async () => {
    expect((await settings()).body).toEqual({ data: { deviceLimit: 2, deviceRemovalDays: 30, singleSession: true, sharingFlagThreshold: 3 } });
    const changed = await patch({ deviceRemovalDays: 7 });
    expect([changed.status, changed.body]).toEqual([200, { data: { deviceLimit: 2, deviceRemovalDays: 7, singleSession: true, sharingFlagThreshold: 3 } }]);
    for (const bad of [{ deviceLimit: 0 }, { deviceLimit: 6 }, { deviceLimit: 2.5 }, { deviceRemovalDays: 0 }, { deviceRemovalDays: 366 }, { sharingFlagThreshold: 51 }, { singleSession: 'yes' }, { colour: 'red' }, {}]) {
      const r = await patch(bad);
      expect({ bad, status: r.status, code: r.body.code }).toEqual({ bad, status: 400, code: 'validation' });
    }
    const tooMany = await patch({ deviceLimit: 9 });
    expect(tooMany.body.errors).toEqual([expect.objectContaining({ path: 'body.deviceLimit', code: 'tooBig' })]);
    expect((await settings()).body.data.deviceRemovalDays).toBe(7);
    const { tokens } = await studentOn(1);
    expect((await api('GET', '/api/admin/settings', { token: tokens[0] })).status).toBe(403);
    expect((await api('PATCH', '/api/admin/settings', { token: tokens[0], json: { deviceLimit: 5 } })).status).toBe(403);
  }));

  it('the device limit holds from the next sign-in', holding(async () => {
    const { u } = await studentOn(2);
    expect((await patch({ deviceLimit: 3 })).status).toBe(200);
    expect((await login(u, newDeviceId())).status).toBe(200);
    expect((await patch({ deviceLimit: 1 })).status).toBe(200);
    const refused = await login(u, newDeviceId());
    expect([refused.body.code, refused.body.limit, refused.body.devices.length]).toEqual(['auth.deviceLimit', 1, 3]);
    expect((await patch({ deviceLimit: 2 })).status).toBe(200);
  }));

  it('one session per student is the setting: off, two sessions of one device live together; on, the newer ends the older', holding(async () => {
    const u = await makeUser();
    const id = newDeviceId();
    expect((await patch({ singleSession: false })).status).toBe(200);
    const one = (await login(u, id)).body.data.token;
    const two = (await login(u, id)).body.data.token;
    expect([(await profile(one)).status, (await profile(two)).status]).toEqual([200, 200]);
    expect((await patch({ singleSession: true })).status).toBe(200);
    const three = (await login(u, id)).body.data.token;
    expect([(await profile(one)).body.code, (await profile(two)).body.code, (await profile(three)).status]).toEqual(['session.otherDevice', 'session.otherDevice', 200]);
  }));
});
