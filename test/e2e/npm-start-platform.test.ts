/**
 * The e2e tier shares one platform whose Lambdas run on the gateway's thread. This journey runs on a
 * platform of its own started as `npm start` starts it: the Lambdas on worker threads, DynamoDB Local
 * on disk, the demo content seeded and the admin made at the first start — the path a teacher and
 * their class use. The teacher signs in, finds the demo course, and the work was done by the threads.
 */
import type { ChildProcess } from 'node:child_process';
import type { Browser } from 'playwright-core';
import { spawnPlatform, stopPlatform } from '../../infra/local/spawn';
import type { PlatformInfo } from '../../infra/local/platform';
import { launchBrowser, newPage } from '../support/browser';
import { logIn } from './auth-helpers';

jest.setTimeout(180_000);

let browser: Browser;
let started: { info: PlatformInfo; child: ChildProcess; dataDir: string };
beforeAll(async () => {
  [browser, started] = await Promise.all([launchBrowser(), spawnPlatform({ LAMBDA_WORKERS: '2', DYNAMODB_IN_MEMORY: '0', SEED_DEMO: '1' })]);
});
afterAll(async () => {
  await browser?.close();
  await stopPlatform(started?.child, started?.dataDir);
});

it('the teacher signs in and finds the demo course, served by the Lambdas on their worker threads', async () => {
  const { info } = started;
  expect(info.lambdaWorkers).toBe(2);
  const { page, context, errors } = await newPage(browser);
  await page.goto(`${info.url}/auth/login`);
  // On /auth/login already: the helper waits for the app to take the prerendered page over, then signs in.
  await logIn(page, info.admin.email, info.admin.password);
  await page.waitForURL((u) => u.pathname === '/dashboard', { timeout: 30_000 });
  await page.getByText('Hello, Admin', { exact: true }).waitFor();
  await page.getByRole('navigation', { name: 'Dashboard menu' }).getByRole('link', { name: 'Courses', exact: true }).click();
  await page.getByText('الصف الأول الثانوي').first().waitFor({ timeout: 30_000 });

  const catalogue = (await (await fetch(`${info.url}/api/cours/all`)).json()) as { data: { name: string }[] };
  expect(catalogue.data.map((c) => c.name)).toContain('الصف الأول الثانوي');
  const lambdas = (await (await fetch(`${info.url}/_local/lambdas`)).json()) as { threads: { invocations: number; restarts: number }[]; broken: string | null };
  expect(lambdas.threads).toHaveLength(2);
  expect(lambdas.broken).toBeNull();
  expect(lambdas.threads.reduce((n, t) => n + t.invocations, 0)).toBeGreaterThanOrEqual(4);
  expect(lambdas.threads.map((t) => t.restarts)).toEqual([0, 0]);
  expect(errors).toEqual([]);
  await context.close();
});
