/**
 * The prerendered pages' HTML work (web/build/prerender.ts), apart from the build so a test can run
 * it without Vite.
 */
export interface Copy {
  /** The page's name (<html data-copy>, web/src/prerender.tsx: PRERENDERED). */
  page: string;
  language: 'en' | 'ar';
  theme: 'dark' | 'light';
  html: string;
}

const ROOT = '<div id="root"></div>';

/** The attributes that hold ids, which take each copy's suffix (web/src/lib/prerender-takeover.ts takes it off). */
export const ID_ATTRIBUTES = ['id', 'for', 'aria-labelledby', 'aria-describedby', 'aria-controls'] as const;

/** What a copy's ids end with, so they stay unique across the copies: nothing in the default copy (English, dark: spec 3). */
export const idSuffix = ({ language, theme }: Pick<Copy, 'language' | 'theme'>): string => (language === 'ar' ? '-ar' : '') + (theme === 'light' ? '-light' : '');

/**
 * One prerendered copy, exactly as React renders it but for what web/src/lib/prerender-takeover.ts
 * (keepCopy) undoes before React hydrates it: the theme wrapper marked with its page (`data-copy-of`),
 * language (`data-prerender`) and id suffix (`data-id-suffix`) for the stylesheet and the takeover
 * (its colour mode stays: each theme has its copy); ids suffixed, unique across the copies; and a
 * form's submit buttons made plain buttons (`data-prerender-submit`), as a form cannot be sent
 * before the app is here (sent natively, a GET would put a password in the address; with two fields
 * or more a form has no implicit submission either).
 */
export function markCopy({ page, language, theme, html }: Copy): string {
  const wrapper = /^<div data-amplify-theme="[^"]*" data-amplify-color-mode="([^"]*)"/;
  const mode = wrapper.exec(html)?.[1];
  if (!mode) throw new Error('prerender: the page does not start with the theme wrapper (app/provider.tsx)');
  if (mode !== theme) throw new Error(`prerender: the ${theme} copy of ${page} was rendered in the ${mode} colour mode`);
  const suffix = idSuffix({ language, theme });
  let out = html.replace(wrapper, (tag) => tag.replace('<div ', `<div data-copy-of="${page}" data-prerender="${language}" ${suffix ? `data-id-suffix="${suffix}" ` : ''}`));
  out = out.replace(/(<button\b[^>]*) type="submit"/g, '$1 type="button" data-prerender-submit=""');
  if (suffix) {
    const attributes = new RegExp(` (${ID_ATTRIBUTES.join('|')})="([^"]+)"`, 'g');
    out = out.replace(attributes, (_, attr: string, ids: string) => {
      // The takeover takes the suffix off again: no id may end with it already.
      if (ids.split(' ').some((id) => id.endsWith(suffix))) throw new Error(`prerender: the id "${ids}" already ends with ${suffix}`);
      return ` ${attr}="${ids.split(' ').map((id) => id + suffix).join(' ')}"`;
    });
  }
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
 * The test of the build checks the ids are unique across the copies.
 */
export function injectPrerender(indexHtml: string, copies: Copy[]): string {
  if (!indexHtml.includes(ROOT)) throw new Error(`prerender: index.html has no empty ${ROOT}`);
  const split = copies.map((c) => ({ copy: c, ...splitHints(c.html) }));
  const hints = [...new Set(split.flatMap((c) => c.hints))].join('');
  const pages = split.map(({ copy, page }) => markCopy({ ...copy, html: page })).join('');
  return indexHtml.replace('</head>', `${hints}</head>`).replace(ROOT, `<div id="root">${pages}</div>`);
}

