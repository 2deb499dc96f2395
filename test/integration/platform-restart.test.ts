/**
 * `npm start` twice on one data folder: the second start finds the table, bucket, pool and admin
 * it made the first time, keeps what was written, and seeds nothing twice. The recharge codes' key is
 * a file of the data folder (owner-only), so the codes printed before still open after.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnPlatform, stopPlatform } from '../../infra/local/spawn';

jest.setTimeout(180_000);

/** The codes of a batch, as its CSV opens them with the platform's key. */
const codesOf = async (url: string, token: string, batchId: string) =>
  (await (await fetch(`${url}/api/admin/codes/batches/${batchId}/codes.csv`, { headers: { authorization: `Bearer ${token}` } })).text()).split('\r\n').slice(1, -1).map((l) => l.split(',')[0]);

const login = async (url: string, identifier: string, password: string) =>
  fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ identifier, password }) });

it('keeps its data across a stop and a second start', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bioscope-restart-'));
  const env = { DATA_DIR: dataDir, DYNAMODB_IN_MEMORY: '0' };
  try {
    const first = await spawnPlatform(env);
    expect(first.info.admin.created).toBe(true);
    expect(first.info.demo.seeded).toBe(true);
    const signIn = await login(first.info.url, first.info.admin.email, first.info.admin.password);
    expect(signIn.status).toBe(200);
    const token = ((await signIn.json()) as { data: { token: string } }).data.token;
    const form = new FormData();
    form.set('name', 'Restart course');
    const made = await fetch(`${first.info.url}/api/cours/create-course`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    expect(made.status).toBe(201);
    const batch = await fetch(`${first.info.url}/api/admin/codes/batches`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2, value: 5, label: 'Restart shop' }),
    });
    const batchId = ((await batch.json()) as { data: { id: string } }).data.id;
    const printed = await codesOf(first.info.url, token, batchId);
    expect(printed).toHaveLength(2);
    expect(fs.statSync(path.join(dataDir, 'wallet', 'recharge-codes.key')).mode & 0o777).toBe(0o600);
    await stopPlatform(first.child, first.dataDir);

    const second = await spawnPlatform(env);
    try {
      expect(second.info.admin.created).toBe(false);
      expect(second.info.demo.seeded).toBe(false);
      expect(second.info.userPoolId).toBe(first.info.userPoolId);
      const again = await login(second.info.url, second.info.admin.email, second.info.admin.password);
      expect(again.status).toBe(200);
      expect(await codesOf(second.info.url, ((await again.json()) as { data: { token: string } }).data.token, batchId)).toEqual(printed);
      const courses = (await (await fetch(`${second.info.url}/api/cours/all`)).json()) as { data: { name: string }[] };
      expect(courses.data.map((c) => c.name).sort()).toEqual(['Restart course', 'الصف الأول الثانوي'].sort());
      expect((await fetch(`${second.info.url}/api/health`)).status).toBe(200);
    } finally {
      await stopPlatform(second.child, second.dataDir);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
