/** The foundation's browser proof: real Chromium loads the built app from the local gateway. */
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
});
