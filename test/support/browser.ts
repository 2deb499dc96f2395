/**
 * Real Chromium for the e2e tier: Debian's chromium driven by playwright-core (never a downloaded
 * browser). One browser per test file; a fresh context (cookies, storage) per journey.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export function chromiumPath(): string {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  try {
    return execFileSync('sh', ['-c', 'command -v chromium || command -v chromium-browser'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('No Chromium found: install Debian\'s (apt-get install -y chromium) or set CHROMIUM_PATH');
  }
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run', '--autoplay-policy=no-user-gesture-required'],
  });
}

/** One browser for a test file: launched before its tests, closed after them. A failed journey's open pages are described in its failure. */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    if (!(globalThis as { __journeyFailed?: boolean }).__journeyFailed || !browser) return;
    const report = await describeOpenPages(browser, expect.getState().currentTestName ?? 'journey');
    if (report) throw new Error(report);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => browser!;
}

export const PHONE = { width: 360, height: 740 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * `touch`: a phone's touch screen (no hover, a coarse pointer), as a page's `(hover: hover) and (pointer: fine)` query sees it.
 * `serviceWorkers`: blocked unless a test opts in (test/e2e/offline.test.ts): a request the app's
 * service worker answers never reaches `page.route`, which many journeys use.
 */
export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; locale?: string; touch?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: opts.viewport ?? DESKTOP, locale: opts.locale ?? 'en-US', hasTouch: opts.touch ?? false, serviceWorkers: opts.serviceWorkers ?? 'block' });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  context.on('page', (p) => watchApi(p));
  watchApi(page);
  return { context, page, errors };
}

/** The last API answers of each page, for describeOpenPages. */
const apiAnswers = new WeakMap<Page, string[]>();
const API_ANSWERS_KEPT = 12;

function watchApi(page: Page) {
  const answers: string[] = [];
  apiAnswers.set(page, answers);
  const keep = (line: string) => answers.push(line) > API_ANSWERS_KEPT && answers.shift();
  page.on('response', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) keep(`${r.request().method()} ${url.pathname} ${r.status()}`);
  });
  page.on('requestfailed', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/assets/')) keep(`${r.method()} ${url.pathname} failed: ${r.failure()?.errorText ?? '?'}`);
  });
}

/**
 * What each page still open showed when a journey failed: its address, language, the start of its
 * text and its last API answers, and a screenshot in screenshots/failures/ (CI prints only the
 * failure, so the failure says what the page was doing).
 */
async function describeOpenPages(browser: Browser, testName: string): Promise<string> {
  const dir = path.resolve(__dirname, '../../screenshots/failures');
  fs.mkdirSync(dir, { recursive: true });
  const lines: string[] = [];
  const pages = browser.contexts().flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) {
    const file = path.join(dir, `${testName.replace(/[^\p{L}\p{N}]+/gu, '-').slice(0, 80)}-${i + 1}.png`);
    const seen = await page
      .evaluate(() => ({ lang: document.documentElement.lang, text: (document.body?.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 400) }))
      .catch((e: Error) => ({ lang: '?', text: `(unreadable: ${e.message.split('\n')[0]})` }));
    await page.screenshot({ path: file, timeout: 5_000 }).catch(() => undefined);
    lines.push(`page ${i + 1}: ${page.url()} lang=${seen.lang}`, `  text: ${seen.text}`, `  api: ${(apiAnswers.get(page) ?? []).join(' | ') || '(none)'}`, `  screenshot: ${path.relative(process.cwd(), file)}`);
  }
  return lines.length ? `Open pages when the journey failed:\n${lines.join('\n')}` : '';
}

/**
 * Screenshots land in screenshots/ (git-ignored) for a person to look at. Finite animations (a
 * toast sliding in, a drawn tick) are shown finished, so a shot never catches them half-way.
 */
export async function shot(page: Page, name: string) {
  const dir = path.resolve(__dirname, '../../screenshots');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true, animations: 'disabled' });
}
