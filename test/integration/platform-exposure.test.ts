/**
 * `HOST=0.0.0.0 npm start` for a classroom: the site is on the network, the stand-ins are not.
 * DynamoDB Local, s3rver and cognito-local check no credentials (cognito-local's signing key is
 * public), so they listen on loopback only; media reach browsers through the gateway; the outbox
 * (everyone's activation links and reset codes) and the Paymob sandbox's lists open for this machine or
 * an admin's token only; the sandbox's checkout and API stay open to the classroom.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { randomInt } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import type { PlatformInfo } from '../../infra/local/platform';
import { spawnPlatform, stopPlatform } from '../../infra/local/spawn';
import { uniq } from '../support/platform';

jest.setTimeout(240_000);

let info: PlatformInfo;
let child: ChildProcess;
let dataDir: string;
beforeAll(async () => {
  ({ info, child, dataDir } = await spawnPlatform({ HOST: '0.0.0.0', SEED_DEMO: '0' }));
});
afterAll(() => stopPlatform(child, dataDir));

/** An address of this machine that is not loopback: what another machine of the classroom would use. */
const external = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
const portOf = (u: string) => Number(new URL(u).port);
const canConnect = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, host);
    s.setTimeout(3000, () => (s.destroy(), resolve(false)));
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

/** Local addresses of the sockets listening on `port` (Linux: /proc/net/tcp and tcp6). */
function listeningOn(port: number): string[] {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  const out: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local?.endsWith(`:${hex}`)) continue;
      out.push(local.split(':')[0]!);
    }
  }
  return out;
}
const LOOPBACK_HEX = ['0100007F', '00000000000000000000000001000000', '0000000000000000FFFF00000100007F'];

describe('HOST=0.0.0.0', () => {
  const standIns = () => [
    ['DynamoDB Local', portOf(info.dynamoEndpoint)],
    ['s3rver', portOf(info.s3Endpoint)],
    ['Cognito (the gate)', portOf(info.cognitoEndpoint)],
    ['cognito-local', portOf(info.cognitoLocalEndpoint)],
  ] as const;

  it('puts the site on every interface and DynamoDB Local, s3rver and cognito-local on loopback only', async () => {
    let checks = 0;
    if (fs.existsSync('/proc/net/tcp')) {
      expect(listeningOn(portOf(info.url))).toContain('00000000');
      for (const [name, port] of standIns()) {
        const addresses = listeningOn(port);
        expect({ name, listening: addresses.length > 0 }).toEqual({ name, listening: true });
        for (const a of addresses) expect({ name, loopback: LOOPBACK_HEX.includes(a) }).toEqual({ name, loopback: true });
      }
      checks++;
    }
    if (external) {
      // From the network: the site answers, the stand-ins refuse the connection.
      expect(await canConnect(external, portOf(info.url))).toBe(true);
      for (const [name, port] of standIns()) expect({ name, reachable: await canConnect(external, port) }).toEqual({ name, reachable: false });
      checks++;
    }
    expect(checks).toBeGreaterThan(0);
  });

  /** Signs a student up through the API and activates them with the outbox's link (read from this machine). */
  async function student(): Promise<string> {
    const email = `${uniq('net')}@test.local`;
    const password = 'Passw0rdOk';
    const body = { firstName: 'Net', lastName: 'Student', email, password, confirm: password, mobileNumber: `011${String(randomInt(0, 10 ** 8)).padStart(8, '0')}`, schooleYear: 'First year' };
    const signup = await fetch(`${info.url}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(signup.status).toBe(201);
    const mails = (await (await fetch(`${info.url}/_local/outbox.json?to=${encodeURIComponent(email)}`)).json()) as { data: { link?: string }[] };
    await fetch(mails.data[0]!.link!, { redirect: 'manual' });
    return login(email, password);
  }
  async function login(identifier: string, password: string): Promise<string> {
    const r = await fetch(`${info.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier, password }) });
    expect(r.status).toBe(200);
    return ((await r.json()) as { data: { token: string } }).data.token;
  }

  it('opens the outbox to this machine, and to the network only with an admin token', async () => {
    expect((await fetch(`${info.url}/_local/outbox.json`)).status).toBe(200);
    expect((await fetch(`${info.url}/_local/outbox`)).status).toBe(200);
    if (!external) return console.warn('no address but loopback on this machine: the network half of this test did not run');
    const studentToken = await student();
    const adminToken = await login(info.admin.email, info.admin.password);
    const fromNetwork = (path: string, token?: string) => fetch(`http://${external}:${portOf(info.url)}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
    for (const path of ['/_local/outbox.json', '/_local/outbox']) {
      expect({ path, status: (await fromNetwork(path)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await fromNetwork(path, studentToken)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await fromNetwork(path, adminToken)).status }).toEqual({ path, status: 200 });
    }
    const reconcile = await fetch(`http://${external}:${portOf(info.url)}/_local/reconcile`, { method: 'POST' });
    expect(reconcile.status).toBe(403);
    // The site itself serves the network.
    expect((await fromNetwork('/api/health')).status).toBe(200);
  });

  it('keeps the Paymob sandbox\'s lists (every student\'s name, e-mail, phone, client secret) for the operator; the checkout and the API stay open', async () => {
    expect((await fetch(`${info.paymob.apiUrl}/transactions.json`)).status).toBe(200);
    expect((await fetch(`${info.paymob.apiUrl}/`)).status).toBe(200);
    if (!external) return console.warn('no address but loopback on this machine: the network half of this test did not run');
    const sandbox = `http://${external}:${portOf(info.url)}/_local/paymob`;
    const { settings } = info.paymob;
    const send = (path: string, init: { body?: unknown; form?: Record<string, string>; auth?: string } = {}) =>
      fetch(`${sandbox}${path}`, {
        method: init.body !== undefined || init.form ? 'POST' : 'GET',
        redirect: 'manual',
        headers: { ...(init.auth ? { authorization: init.auth } : {}), ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : { 'content-type': 'application/json' }) },
        body: init.form ? new URLSearchParams(init.form) : init.body !== undefined ? JSON.stringify(init.body) : undefined,
      });

    // The Lambdas' calls (Paymob's API) and the student's browser (checkout, kiosk reference) from another machine.
    const ref = uniq('net-ord');
    const created = await send('/v1/intention/', {
      auth: `Token ${settings.secretKey}`,
      body: { amount: 5000, currency: 'EGP', payment_methods: [settings.integrations.kiosk], items: [{ name: 'Lecture', amount: 5000, quantity: 1 }], billing_data: { first_name: 'Net', last_name: 'Student', email: 'net@test.local', phone_number: '+201001234567' }, special_reference: ref },
    });
    expect(created.status).toBe(201);
    const clientSecret = ((await created.json()) as { client_secret: string }).client_secret;
    const tokens = await send('/api/auth/tokens', { body: { api_key: settings.apiKey } });
    expect(tokens.status).toBe(201);
    const bearer = ((await tokens.json()) as { token: string }).token;
    expect((await send(`/unifiedcheckout/?publicKey=${encodeURIComponent(settings.publicKey)}&clientSecret=${encodeURIComponent(clientSecret)}`)).status).toBe(200);
    const paid = await send('/unifiedcheckout/pay', { form: { clientSecret, publicKey: settings.publicKey, outcome: 'kiosk' } });
    expect(paid.status).toBe(303);
    const kiosk = new URL(paid.headers.get('location')!, sandbox).pathname.slice('/_local/paymob'.length);
    expect(kiosk).toMatch(/^\/kiosk\/\d+$/);
    expect((await send(kiosk)).status).toBe(200);
    expect((await send(`${kiosk}/paid`, { form: {} })).status).toBe(303);
    const inquiry = await send('/api/ecommerce/orders/transaction_inquiry', { auth: `Bearer ${bearer}`, body: { merchant_order_id: ref } });
    expect(inquiry.status).toBe(200);
    expect(((await inquiry.json()) as { success: boolean }).success).toBe(true);

    // The lists and the operator's "Resend callback": this machine or an admin's token only.
    const studentToken = await student();
    const adminToken = await login(info.admin.email, info.admin.password);
    for (const path of ['/', '/transactions.json', `/transactions.json?merchant_order_id=${ref}`]) {
      expect({ path, status: (await send(path)).status }).toEqual({ path, status: 403 });
      expect({ path, status: (await send(path, { auth: `Bearer ${studentToken}` })).status }).toEqual({ path, status: 403 });
      const admin = await send(path, { auth: `Bearer ${adminToken}` });
      expect({ path, status: admin.status }).toEqual({ path, status: 200 });
      expect(await admin.text()).toContain(ref);
    }
    const transactionId = kiosk.split('/').pop()!;
    expect((await send(`/transactions/${transactionId}/resend`, { form: {} })).status).toBe(403);
    expect((await send(`/transactions/${transactionId}/resend`, { form: {}, auth: `Bearer ${studentToken}` })).status).toBe(403);
  });
});
