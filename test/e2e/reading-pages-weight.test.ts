/**
 * Issue 14: a page a student reads (a course's terms, a term's content, a lecture, a quiz) downloads
 * no form library. Each byte before a phone's first paint of the lecture counts (Lighthouse's LCP on
 * /lec), and react-hook-form with its resolvers is ~15 KB brotli: a screen that only shows a failed
 * call's text imports it from lib/messages.ts, not through lib/forms.ts. Real Chromium, the built
 * app's scripts, each read through its source map.
 */
import fs from 'node:fs';
import path from 'node:path';
import { browserForFile, newPage, PHONE } from '../support/browser';
import { makeUser } from '../support/platform';
import { at } from './auth-helpers';
import { storeSession } from './catalogue-helpers';

const browser = browserForFile();
const DIST = path.resolve(__dirname, '../../web/dist');

/** The source files a built script holds, from its source map (the bundler's runtime chunk has none). */
function sourcesOf(scriptPath: string): string[] {
  const file = path.join(DIST, `${scriptPath}.map`);
  if (!fs.existsSync(file) && /\/rolldown-runtime-[\w-]+\.js$/.test(scriptPath)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[] }).sources;
}

describe("a student's reading pages", () => {
  it.each(['/term?id=x', '/content?id=x', '/lec/01ABSENTLECTURE0000000000', '/quiz?id=x'])('%s downloads no form library', async (address) => {
    const { page, context } = await newPage(browser(), { viewport: PHONE });
    try {
      await storeSession(page, await makeUser(), { language: 'ar' });
      const scripts: string[] = [];
      page.on('response', (r) => {
        const p = new URL(r.url()).pathname;
        if (p.startsWith('/assets/') && p.endsWith('.js')) scripts.push(p);
      });
      await page.goto(at(address));
      await page.waitForLoadState('networkidle');
      // The page's own screen came (not only the shell): its chunk is among the scripts.
      expect(scripts.length).toBeGreaterThan(3);
      const withForms = scripts.filter((s) => sourcesOf(s).some((src) => /node_modules\/(react-hook-form|@hookform)\//.test(src)));
      expect(withForms).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('the check can fail: the login page, which has a form, downloads it', async () => {
    const { page, context } = await newPage(browser(), { viewport: PHONE });
    try {
      const scripts: string[] = [];
      page.on('response', (r) => {
        const p = new URL(r.url()).pathname;
        if (p.startsWith('/assets/') && p.endsWith('.js')) scripts.push(p);
      });
      await page.goto(at('/auth/login'));
      await page.waitForLoadState('networkidle');
      expect(scripts.some((s) => sourcesOf(s).some((src) => /node_modules\/react-hook-form\//.test(src)))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
