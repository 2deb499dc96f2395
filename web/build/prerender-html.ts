/**
 * The prerendered pages' HTML work (web/build/prerender.ts), apart from the build so a test can run
 * it without Vite.
 */
export interface Copy {
  /** The page's name (<html data-copy>, web/src/prerender.tsx: PRERENDERED). */
  page: string;
  language: 'en' | 'ar';
  html: string;
}

const ROOT = '<div id="root"></div>';

/**
 * One prerendered copy, marked with its page (`data-copy-of`) and language (`data-prerender`) for the
 * stylesheet. The theme's wrapper loses its fixed colour mode, so it follows <html data-theme> (the
 * dark override also matches that: web/vite.config.mts). `idSuffix` keeps ids unique across the
 * copies. A form cannot be sent before the app is here (sent natively, a GET would put a password in
 * the address): its submit buttons become plain buttons, and with two fields or more a form has no
 * implicit submission either.
 */
export function markCopy(html: string, language: Copy['language'], idSuffix = '', page = 'home'): string {
  const wrapper = /^<div data-amplify-theme="[^"]*" data-amplify-color-mode="[^"]*"/;
  if (!wrapper.test(html)) throw new Error('prerender: the page does not start with the theme wrapper (app/provider.tsx)');
  let out = html.replace(wrapper, (tag) =>
    tag.replace('<div ', `<div data-copy-of="${page}" data-prerender="${language}" `).replace(/ data-amplify-color-mode="[^"]*"/, ''),
  );
  out = out.replace(/(<button\b[^>]*) type="submit"/g, '$1 type="button"');
  if (idSuffix) out = out.replace(/ (id|for|aria-labelledby|aria-describedby|aria-controls)="([^"]+)"/g, (_, attr: string, ids: string) => ` ${attr}="${ids.split(' ').map((id) => id + idSuffix).join(' ')}"`);
  return out;
}

/**
 * The resource hints a prerendered page needs in <head>: the preloads React's renderer puts before
 * the page (react-dom/server: one for each image it shows at once), and a preload for each image the
 * page shows at once (not `loading="lazy"`) from a file (not inlined as a data: URL), so the hero's
 * picture is asked for beside the stylesheet. The page is returned without React's preloads: it
 * starts with the theme wrapper, as the client's first render (hydrated into #root).
 */
export function splitHints(html: string): { hints: string[]; page: string } {
  const leading = /^(?:<link\b[^>]*\/?>)+/.exec(html)?.[0] ?? '';
  const page = html.slice(leading.length);
  const own = leading.match(/<link\b[^>]*\/?>/g) ?? [];
  const sources = [...page.matchAll(/<img\b[^>]*>/g)]
    .map(([tag]) => (/\sloading="lazy"/.test(tag) ? undefined : /\ssrc="([^"]+)"/.exec(tag)?.[1]))
    .filter((src): src is string => !!src && !src.startsWith('data:'));
  const images = sources.map((src) => `<link rel="preload" as="image" href="${src}"/>`);
  return { hints: [...new Set([...own, ...images])], page };
}

/**
 * The built index.html with the copies in its (empty) root and their resource hints in its head.
 * Ids keep their names in the English copies and take `-ar` in the Arabic ones; the test of the build
 * checks they are unique across the pages too.
 */
export function injectPrerender(indexHtml: string, copies: Copy[]): string {
  if (!indexHtml.includes(ROOT)) throw new Error(`prerender: index.html has no empty ${ROOT}`);
  const split = copies.map((c) => ({ copy: c, ...splitHints(c.html) }));
  const hints = [...new Set(split.flatMap((c) => c.hints))].join('');
  const pages = split.map(({ copy, page }) => markCopy(page, copy.language, copy.language === 'ar' ? '-ar' : '', copy.page)).join('');
  return indexHtml.replace('</head>', `${hints}</head>`).replace(ROOT, `<div id="root">${pages}</div>`);
}

