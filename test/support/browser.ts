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

/** One browser for a test file: launched before its tests, closed after them. */
export function browserForFile(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
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
  return { context, page, errors };
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
