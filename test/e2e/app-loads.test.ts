/** The foundation's browser proof: real Chromium loads the built app from the local gateway. */
import fs from 'node:fs';
import path from 'node:path';
import { DESKTOP, browserForFile, newPage, PHONE, shot } from '../support/browser';
import { platform } from '../support/platform';

const browser = browserForFile();

describe('the web app', () => {
  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ])('loads on a %s screen with its title, without script errors', async (name, viewport) => {
    const { page, context, errors } = await newPage(browser(), { viewport });
    const res = await page.goto(platform().url + '/', { waitUntil: 'networkidle' });
    expect(res?.status()).toBe(200);
    // index.html itself (the app may already have named the page by the time it is read).
    expect(await res!.text()).toContain('<title>Bioscope | Home</title>');
    await page.waitForSelector('#root *');
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toBeTruthy();
    // Nothing wider than the screen: the phone layout must not scroll sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `app-loads-${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('serves a deep link through the SPA fallback and a missing asset as 404', async () => {
    const { page, context } = await newPage(browser());
    const res = await page.goto(platform().url + '/auth/login', { waitUntil: 'domcontentloaded' });
    expect(res?.status()).toBe(200);
    // index.html itself (the app may already have named the page by the time it is read).
    expect(await res!.text()).toContain('<title>Bioscope | Home</title>');
    expect((await fetch(platform().url + '/assets/nope.js')).status).toBe(404);
    await context.close();
  });

  it('keeps its source maps to itself: built hidden, none in web/dist, none served, no sourceMappingURL in a script', async () => {
    const dist = path.resolve(__dirname, '../../web/dist');
    const maps = path.resolve(__dirname, '../../web/dist-maps');
    const files = (dir: string) => (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => f.split(path.sep).join('/'));
    expect(files(dist).filter((f) => f.endsWith('.map'))).toEqual([]);
    const scripts = files(dist).filter((f) => /^assets\/.+\.js$/.test(f));
    expect(scripts.length).toBeGreaterThan(10);
    // For error reports: the scripts' maps, beside the build rather than in it (the entry's among them).
    const entry = fs.readFileSync(path.join(dist, 'index.html'), 'utf8').match(/<script type="module"[^>]* src="\/(assets\/[^"]+\.js)"/)![1]!;
    expect(fs.existsSync(path.join(maps, `${entry}.map`))).toBe(true);
    expect(files(maps).filter((f) => f.endsWith('.js.map')).length).toBeGreaterThan(scripts.length / 2);
    for (const f of scripts) {
      const served = await fetch(`${platform().url}/${f}`);
      expect({ f, status: served.status }).toEqual({ f, status: 200 });
      expect({ f, mapped: (await served.text()).includes('sourceMappingURL') }).toEqual({ f, mapped: false });
      expect({ f, map: (await fetch(`${platform().url}/${f}.map`)).status }).toEqual({ f, map: 404 });
    }
  });
});
