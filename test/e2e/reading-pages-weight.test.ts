/**
 * Issue 14: a page a student reads (a course's terms, a term's content, a lecture, a quiz) downloads
 * no form library, and its screen comes in a few files. Each byte and each request before a phone's first paint of the lecture counts (Lighthouse's LCP on
 * /lec), and react-hook-form with its resolvers is ~15 KB brotli: a screen that only shows a failed
 * call's text imports it from lib/messages.ts, not through lib/forms.ts. On a phone's link each
 * request holds its share of the bandwidth for a round trip or two however small it is: the
 * catalogue's small shared modules come as one file (web/vite.config.mts, `catalogue-reading`).
 * Real Chromium, the built app's scripts, each read through its source map.
 */
import fs from 'node:fs';
import path from 'node:path';
import { browserForFile, newPage, PHONE } from '../support/browser';
import { makeUser } from '../support/platform';
import { at } from './auth-helpers';
import { storeSession } from './catalogue-helpers';

const browser = browserForFile();
const DIST = path.resolve(__dirname, '../../web/dist');
/** The build keeps its (hidden) source maps beside web/dist, under the same paths (web/build/source-maps.ts). */
const MAPS = path.resolve(__dirname, '../../web/dist-maps');

/** The source files a built script holds, from its source map (the bundler's runtime chunk has none). */
function sourcesOf(scriptPath: string): string[] {
  const file = path.join(MAPS, `${scriptPath}.map`);
  if (!fs.existsSync(file) && /\/(rolldown-runtime|preload-helper)-[\w-]+\.js$/.test(scriptPath)) return [];
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { sources: string[] }).sources;
}

const SHELL = () => new Set([...fs.readFileSync(path.join(DIST, 'index.html'), 'utf8').matchAll(/"(\/assets\/[^"]+)"/g)].map((m) => m[1]));
const FORM_LIBRARY = /node_modules\/(react-hook-form|@hookform)\//;

/** The /assets/ scripts and stylesheets opening `address` asks for, each once; a signed-in student's (Arabic) or a visitor's. */
async function requested(address: string, signedIn = true): Promise<string[]> {
  const { page, context } = await newPage(browser(), { viewport: PHONE });
  try {
    if (signedIn) {
      await storeSession(page, await makeUser(), { language: 'ar' });
      // The login page storeSession opened asks for its own screens' files: none of them counts here.
      await page.waitForLoadState('networkidle');
    }
    const files: string[] = [];
    page.on('request', (r) => {
      const p = new URL(r.url()).pathname;
      if (/^\/assets\/.*\.(js|css)$/.test(p) && !files.includes(p)) files.push(p);
    });
    await page.goto(at(address));
    await page.waitForLoadState('networkidle');
    return files;
  } finally {
    await context.close();
  }
}

/** The files the address's screen asked for beyond those index.html names (the shell's). */
const screenFiles = async (address: string) => {
  const shell = SHELL();
  return (await requested(address)).filter((f) => !shell.has(f));
};
const scriptsWithFormLibrary = (files: string[]) => files.filter((f) => f.endsWith('.js') && sourcesOf(f).some((src) => FORM_LIBRARY.test(src)));

describe("a student's reading pages", () => {
  it("a lecture's screen comes in four files beside the shell's (nine before the catalogue's small modules were one)", async () => {
    const files = await screenFiles('/lec/01ABSENTLECTURE0000000000');
    // Its own chunk is among them (the page's screen came).
    expect(files.some((f) => /\/assets\/lecture-[\w-]+\.js$/.test(f))).toBe(true);
    // Beside them, the page's language's texts (out of the entry since: web/src/i18n/load-language.ts),
    // and once the page is idle every page's service worker registration (features/pwa/lib/register.ts).
    expect(files.filter((f) => !/^\/assets\/((en|ar)|register)-[\w-]+\.js$/.test(f)).length).toBeLessThanOrEqual(4);
  });

  it('an Arabic page downloads the Arabic texts and not the English', async () => {
    const files = await screenFiles('/lec/01ABSENTLECTURE0000000000');
    const sources = files.filter((f) => f.endsWith('.js')).flatMap(sourcesOf);
    expect(sources.some((src) => src.endsWith('/i18n/ar/common.ts'))).toBe(true);
    expect(sources.filter((src) => src.includes('/i18n/en/'))).toEqual([]);
  });

  it.each(['/term?id=x', '/content?id=x', '/lec/01ABSENTLECTURE0000000000', '/quiz?id=x'])('%s downloads no form library', async (address) => {
    const files = await requested(address);
    // The page's own screen came (not only the shell): its chunk is among the scripts.
    expect(files.filter((f) => f.endsWith('.js')).length).toBeGreaterThan(3);
    expect(scriptsWithFormLibrary(files)).toEqual([]);
  });

  it('the check can fail: the login page, which has a form, downloads it', async () => {
    expect(scriptsWithFormLibrary(await requested('/auth/login', false)).length).toBeGreaterThan(0);
  });
});
