/**
 * The local gateway stands in for API Gateway's JWT authorizer: it must refuse what the
 * authorizer refuses and pass what it passes, on the real cognito-local pool.
 */
import fs from 'node:fs';
import path from 'node:path';
import { generateKeyPairSync, createPrivateKey } from 'node:crypto';
import { SignJWT, importPKCS8 } from 'jose';
import { ROUTES } from '../../shared/routes';
import { api, makeUser, platform, type TestUser } from '../support/platform';

// cognito-local signs with this key; holding it lets the test mint tokens the gateway must judge.
const cognitoKeyPem = (JSON.parse(fs.readFileSync(path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib/keys/cognitoLocal.private.json'), 'utf8')) as { pem: string }).pem;

async function mint(claims: Record<string, unknown>, opts: { key?: string; exp?: number; iss?: string; aud?: string } = {}) {
  const p = platform();
  const key = await importPKCS8(createPrivateKey(opts.key ?? cognitoKeyPem).export({ type: 'pkcs8', format: 'pem' }).toString(), 'RS256');
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'RS256', kid: 'CognitoLocal' })
    .setIssuer(opts.iss ?? p.issuer)
    .setAudience(opts.aud ?? p.clientId)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(key);
}

const PROTECTED = 'GET /api/user/profile'.split(' ')[1]!;
let student: TestUser;
beforeAll(async () => {
  student = await makeUser();
});

describe('gateway JWT authorizer', () => {
  it('refuses a missing token', async () => {
    const r = await api('GET', PROTECTED);
    expect(r.status).toBe(401);
    expect(r.body).toEqual({ message: 'Unauthorized' });
  });

  it('refuses garbage and a token signed by another key', async () => {
    expect((await api('GET', PROTECTED, { token: 'not.a.jwt' })).status).toBe(401);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const forged = await mint({ sub: student.id, token_use: 'id' }, { key: otherKey });
    expect((await api('GET', PROTECTED, { token: forged })).status).toBe(401);
  });

  it('refuses an expired token, a wrong issuer and a wrong audience', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    expect((await api('GET', PROTECTED, { token: await mint({ sub: student.id }, { exp: past }) })).status).toBe(401);
    expect((await api('GET', PROTECTED, { token: await mint({ sub: student.id }, { iss: 'http://127.0.0.1:1/other-pool' }) })).status).toBe(401);
    expect((await api('GET', PROTECTED, { token: await mint({ sub: student.id }, { aud: 'some-other-client' }) })).status).toBe(401);
  });

  it('passes a good token from cognito-local, with or without the Bearer prefix', async () => {
    for (const rawToken of [false, true]) {
      const r = await api('GET', PROTECTED, { token: student.token, rawToken });
      // Past the authorizer, the users domain answers (501 until its issue lands, 200 after).
      expect([200, 501]).toContain(r.status);
    }
  });

  it('refuses a validly signed token whose session the user record does not list', async () => {
    const r = await api('GET', PROTECTED, { token: await mint({ sub: student.id, token_use: 'id', jti: 'not-a-live-session' }) });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/log in/i);
  });

  it('gives a blocked user 403 with user.block', async () => {
    const blocked = await makeUser({ block: true });
    const r = await api('GET', PROTECTED, { token: blocked.token });
    expect(r.status).toBe(403);
    expect(r.body.user).toEqual({ block: true });
    expect(typeof r.body.message).toBe('string');
  });

  it('keeps admin routes from a student and lets an admin through', async () => {
    const admin = await makeUser({ admin: true });
    expect((await api('GET', '/api/admin/allusers', { token: student.token })).status).toBe(403);
    expect([200, 501]).toContain((await api('GET', '/api/admin/allusers', { token: admin.token })).status);
  });
});

describe('every route of the table keeps its access level', () => {
  const fill = (path: string) => path.replace(/\{(\w+)\}/g, (_, n: string) => (n === 'courseFor' ? encodeURIComponent('ثانوي عام') : '01ACCESS000000000000000000'));
  const send = (r: (typeof ROUTES)[number], token?: string) => api(r.method, fill(r.path), { token, ...(r.method === 'GET' ? {} : r.multipart ? { form: new FormData() } : { json: {} }) });

  it.each(ROUTES.filter((r) => r.access !== 'public').map((r) => [r.id, r] as const))('%s refuses an anonymous caller with 401', async (_id, r) => {
    expect((await send(r)).status).toBe(401);
  });

  it.each(ROUTES.filter((r) => r.access === 'admin').map((r) => [r.id, r] as const))('%s refuses a student with 403', async (_id, r) => {
    const res = await send(r, student.token);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/admin/i);
  });

  // Past the gateway without a session: no session error. The Paymob webhook answers an unsigned
  // notice with its own 401 (payment.signature): that is the handler speaking, not the authorizer.
  it.each(ROUTES.filter((r) => r.access === 'public').map((r) => [r.id, r] as const))('%s is open to an anonymous caller', async (_id, r) => {
    const res = await send(r);
    if (r.id === 'POST /api/payments/paymob/webhook') expect(res.body).toMatchObject({ code: 'payment.signature' });
    else expect([401, 403]).not.toContain(res.status);
    expect(String(res.body?.code ?? '')).not.toMatch(/^session\./);
  });
});

describe('routing', () => {
  it('answers 404 {message} for an unknown path and for a known path with the wrong method', async () => {
    expect(await api('GET', '/api/no/such/thing')).toMatchObject({ status: 404, body: { message: expect.any(String) } });
    expect((await api('PATCH', '/api/cours/all')).status).toBe(404);
  });

  it('answers a malformed or escaping web path with 4xx, never 500', async () => {
    const { url } = platform();
    expect((await fetch(`${url}/%E0%A4%A`)).status).toBe(400);
    const escape = await fetch(`${url}/..%2f..%2fpackage.json`);
    expect(escape.status).not.toBe(500);
    expect(await escape.text()).not.toContain('"name": "bioscope"');
  });

  it('serves /api/health once every stand-in is up', async () => {
    const r = await api('GET', '/api/health');
    expect(r.status).toBe(200);
    expect(r.body.services).toEqual({ table: 'up', media: 'up', users: 'up' });
  });

  it('answers 400 with a readable message to a malformed JSON body', async () => {
    const r = await api('POST', '/api/auth/login', { body: '{"identifier":', headers: { 'content-type': 'application/json' } });
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/JSON/);
  });

  it('reports the routes that still answer 501', async () => {
    const admin = await makeUser({ admin: true });
    const gaps: string[] = [];
    // Logout ends the admin's session, so it goes last.
    const ordered = [...ROUTES].sort((a, b) => Number(a.id === 'POST /api/auth/logout') - Number(b.id === 'POST /api/auth/logout'));
    for (const r of ordered) {
      const url = r.path.replace(/\{(\w+)\}/g, (_, n: string) => (n === 'courseFor' ? encodeURIComponent('ثانوي عام') : '01TESTID0000000000000000'));
      const body = r.method === 'GET' ? {} : r.multipart ? { form: new FormData() } : { json: {} };
      const res = await api(r.method, url, { token: r.access === 'public' ? undefined : admin.token, ...body });
      expect(res.status).not.toBe(500);
      if (res.status === 501) gaps.push(r.id);
    }
    console.log(`${gaps.length} of ${ROUTES.length} routes still answer 501:\n  ${gaps.join('\n  ')}`);
  });
});

describe('role before body', () => {
  const fillIds = (path: string) => path.replace(/\{(\w+)\}/g, '01ROLEFIRST000000000000000');
  // A file past the multipart parser's limit (2 MB), JSON where a form is expected, a broken form:
  // each stopped the parser before the role was checked (413, 415, 400).
  const oversized = () => {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(3 * 1024 * 1024)], { type: 'image/png' }), 'big.png');
    return { form };
  };
  const bodies: [string, () => Parameters<typeof api>[2]][] = [
    ['JSON', () => ({ json: { name: 'x' } })],
    ['a broken multipart body', () => ({ body: '--x\r\nnot really multipart', headers: { 'content-type': 'multipart/form-data; boundary=x' } })],
    ['a file over the parser limit', oversized],
  ];

  it.each(ROUTES.filter((r) => r.access === 'admin' && r.multipart).map((r) => [r.id, r] as const))('%s gives a student 403 whatever the body', async (_id, r) => {
    for (const [what, body] of bodies) {
      const res = await api(r.method, fillIds(r.path), { token: student.token, ...body() });
      expect({ what, status: res.status, code: res.body?.code }).toEqual({ what, status: 403, code: 'admin.only' });
    }
  });

  it('a JSON admin route gives a student 403 for broken JSON, and an anonymous caller 401', async () => {
    const broken = { body: '{"code": ', headers: { 'content-type': 'application/json' } };
    expect((await api('POST', '/api/Coupan/create', { token: student.token, ...broken })).status).toBe(403);
    expect((await api('POST', '/api/Coupan/create', broken)).status).toBe(401);
  });
});
