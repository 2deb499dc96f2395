/**
 * `npm start` twice on one data folder: the second start finds the table, bucket, pool and admin
 * it made the first time, keeps what was written, and seeds nothing twice.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnPlatform, stopPlatform } from '../../infra/local/spawn';

jest.setTimeout(180_000);

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
    await stopPlatform(first.child, first.dataDir);

    const second = await spawnPlatform(env);
    try {
      expect(second.info.admin.created).toBe(false);
      expect(second.info.demo.seeded).toBe(false);
      expect(second.info.userPoolId).toBe(first.info.userPoolId);
      expect((await login(second.info.url, second.info.admin.email, second.info.admin.password)).status).toBe(200);
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
