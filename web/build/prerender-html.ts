/**
 * The prerendered home page's HTML work (web/build/prerender.ts), apart from the build so a test
 * can run it without Vite.
 */
export type Copies = { en: string; ar: string };

const ROOT = '<div id="root"></div>';

/**
 * One prerendered copy, marked with its language (`data-prerender`) for the stylesheet. The theme's
 * wrapper loses its fixed colour mode, so it follows <html data-theme> (the dark override also
 * matches that: web/vite.config.mts). `idSuffix` keeps ids unique across the copies.
 */
export function markCopy(html: string, language: keyof Copies, idSuffix = ''): string {
  const wrapper = /^<div data-amplify-theme="[^"]*" data-amplify-color-mode="[^"]*"/;
  if (!wrapper.test(html)) throw new Error('prerender: the page does not start with the theme wrapper (app/provider.tsx)');
  let out = html.replace(wrapper, (tag) => tag.replace('<div ', `<div data-prerender="${language}" `).replace(/ data-amplify-color-mode="[^"]*"/, ''));
  if (idSuffix) out = out.replace(/ (id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]+)"/g, (_, attr: string, ids: string) => ` ${attr}="${ids.split(' ').map((id) => id + idSuffix).join(' ')}"`);
  return out;
}

/**
 * React puts the resource hints a page needs (`<link rel="preload" as="image">` for an image that is
 * not inline) before the page: they belong in <head>.
 */
export function splitHints(html: string): { hints: string[]; page: string } {
  const hints: string[] = [];
  let page = html;
  for (let m = /^<link [^>]*>/.exec(page); m; m = /^<link [^>]*>/.exec(page)) {
    hints.push(m[0]);
    page = page.slice(m[0].length);
  }
  return { hints, page };
}

/** The built index.html with the copies in its (empty) root and their resource hints in its head. */
export function injectPrerender(indexHtml: string, copies: Copies): string {
  if (!indexHtml.includes(ROOT)) throw new Error(`prerender: index.html has no empty ${ROOT}`);
  const en = splitHints(copies.en);
  const ar = splitHints(copies.ar);
  const hints = [...new Set([...en.hints, ...ar.hints])].join('');
  return indexHtml
    .replace('</head>', `${hints}</head>`)
    .replace(ROOT, `<div id="root">${markCopy(en.page, 'en')}${markCopy(ar.page, 'ar', '-ar')}</div>`);
}
