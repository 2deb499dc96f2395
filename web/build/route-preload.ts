/**
 * A page opened directly (a link, a reload) fetches its screen's chunks beside the entry, not after
 * it (issue 14). Without this the chain is: the HTML, then the entry (React, the router, the store:
 * ~100 KB gzip), then — once the entry has run and matched the route — the screen's chunks. On a
 * phone's slow link the second step waits for the whole first one.
 *
 * The build knows both halves: which source module each lazy screen is (`screenModules` below marks
 * them in app/routes.tsx) and which files each module's chunk needs (`chunkFiles`, from the client
 * bundle). web/build/prerender.ts joins them with the route table (`routeModules` in the Node build)
 * and appends `preloadScript` to public/preferences.js, which runs first on every page (a file: the
 * CSP allows no inline script) and adds `<link rel="modulepreload">` (and `rel="preload"` for the
 * screen's stylesheet) for the route the address names. The entry's own files are left out:
 * index.html preloads those. Same CORS mode as Vite's own loader (crossorigin), so nothing is fetched twice.
 */
import path from 'node:path';
import type { Plugin } from 'vite';

/** A route's path pattern (react-router syntax, joined from the root) and the lazy screens' modules it shows. */
export interface RouteModules {
  pattern: string;
  modules: string[];
}

/** The files a chunk needs: itself, its static imports (transitively) and their CSS; URLs under `base`. */
interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  isDynamicEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

const ROUTES_FILE = /[\\/]src[\\/]app[\\/]routes\.tsx$/;
const LAZY_SCREEN = /preloadable\(\(\) => import\('([^']+)'\)\)/g;

/**
 * Marks each lazy screen of app/routes.tsx with its module (relative to web/src): `preloadable(() =>
 * import('@/x/y'))` becomes `preloadable(() => import('@/x/y'), 'x/y.tsx')`, resolved as Vite does.
 */
export function screenModules(srcDir: string): Plugin {
  return {
    name: 'bioscope:screen-modules',
    // Before TypeScript is compiled away, so the source reads as written.
    enforce: 'pre',
    async transform(code, id) {
      if (!ROUTES_FILE.test(id)) return undefined;
      let out = '';
      let last = 0;
      if (!code.match(LAZY_SCREEN)) throw new Error('route-preload: app/routes.tsx has no preloadable(() => import(…)) left to mark');
      for (const m of code.matchAll(LAZY_SCREEN)) {
        const resolved = await this.resolve(m[1]!, id);
        if (!resolved) throw new Error(`route-preload: cannot resolve ${m[1]} from ${id}`);
        out += code.slice(last, m.index) + `preloadable(() => import('${m[1]}'), ${JSON.stringify(moduleKey(srcDir, resolved.id))})`;
        last = m.index! + m[0].length;
      }
      return { code: out + code.slice(last), map: null };
    },
  };
}

export const moduleKey = (srcDir: string, file: string) => path.relative(srcDir, file.split('?')[0]!).split(path.sep).join('/');

/**
 * For each lazy chunk's source module (relative to `srcDir`): the files it needs that the entry does
 * not bring, each JavaScript file after the ones it imports, then the CSS.
 */
export function chunkFiles(bundle: Record<string, ChunkLike | { type: 'asset' }>, srcDir: string, base = '/'): Map<string, string[]> {
  const chunks = new Map(Object.values(bundle).flatMap((c) => (c.type === 'chunk' ? [[c.fileName, c] as const] : [])));
  const closure = (start: string) => {
    const seen = new Set<string>();
    // Each chunk after the chunks it imports (a cycle's first-met chunk after the rest of it), so a
    // page can evaluate them one task each in this order (web/src/lib/staged-modules.ts).
    const visiting = new Set<string>();
    const visit = (f: string) => {
      if (visiting.has(f) || !chunks.has(f)) return;
      visiting.add(f);
      for (const i of chunks.get(f)!.imports) visit(i);
      seen.add(f);
    };
    visit(start);
    return seen;
  };
  const entry = new Set([...chunks.values()].filter((c) => c.isEntry).flatMap((c) => [...closure(c.fileName)]));
  const out = new Map<string, string[]>();
  for (const c of chunks.values()) {
    if (!c.isDynamicEntry || !c.facadeModuleId) continue;
    const js = [...closure(c.fileName)].filter((f) => !entry.has(f));
    const css = js.flatMap((f) => [...(chunks.get(f)!.viteMetadata?.importedCss ?? [])]);
    out.set(moduleKey(srcDir, c.facadeModuleId), [...js, ...new Set(css)].map((f) => base + f));
  }
  return out;
}

/**
 * A route pattern as a regular expression on the path (react-router matches without case); `named`:
 * each parameter a named group ('/lec/:id' → ^/lec/(?<id>[^/]+)/?$).
 */
export function patternSource(pattern: string, named = false): string {
  const parts = pattern
    .split('/')
    .filter(Boolean)
    .map((p) => (p === '*' ? '.*' : p.startsWith(':') ? (named ? `(?<${p.slice(1)}>[^/]+)` : '[^/]+') : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/${parts.join('/')}/?$`;
}

/** The routes with the files to preload for each (routes with none are left out). */
export function routeFiles(routes: RouteModules[], files: Map<string, string[]>): [string, string[]][] {
  return routes.flatMap((r) => {
    const all = [...new Set(r.modules.flatMap((m) => files.get(m) ?? []))];
    return all.length ? [[patternSource(r.pattern), all] as [string, string[]]] : [];
  });
}

/**
 * The script appended to preferences.js: the first route matching the address gets its files
 * preloaded. Each file is written once (routes name files by index: the table stays a few KB).
 * A page that arrives prerendered (<html data-copy>) needs none of them to paint: they are asked for
 * after its first frame, so they do not share the link with the HTML and CSS that paint it (the
 * login form's chunks are 95 KB; the app takes the copy over once they are here, main.tsx), three
 * links per task, so asking is never a long task.
 */
export function preloadScript(table: [string, string[]][], languages: Record<string, string[]> = {}): string {
  const files = [...new Set([...Object.values(languages), ...table.map(([, f]) => f)].flat())];
  const index = new Map(files.map((f, i) => [f, i]));
  const routes = table.map(([pattern, f]) => [pattern, f.map((x) => index.get(x)!)]);
  const own = Object.fromEntries(Object.entries(languages).map(([l, f]) => [l, f.map((x) => index.get(x)!)]));
  return `
// Generated by web/build/route-preload.ts: the screen's chunks of the page opened, fetched beside the entry.
(function (files, routes, languages) {
  function preload(wanted) {
    for (var j = 0; j < wanted.length; j++) {
      var href = files[wanted[j]];
      var link = document.createElement('link');
      // A stylesheet is only fetched ahead (Vite's loader applies it, and waits for it, with its chunk).
      if (/\\.css$/.test(href)) {
        link.rel = 'preload';
        link.setAttribute('as', 'style');
      } else link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    }
  }
  // A few links per task: each costs a cheap phone's main thread several ms (its fetch starts on
  // insertion), and the prerendered page is already there to be tapped.
  function inSlices(wanted, at) {
    preload(wanted.slice(at, at + 3));
    if (at + 3 < wanted.length)
      setTimeout(function () {
        inSlices(wanted, at + 3);
      }, 0);
  }
  try {
    // The texts of the page's language (<html lang>, set above from the stored choice): the app loads
    // them before its first render, one language only (web/src/i18n/load-language.ts).
    var wanted = languages[document.documentElement.lang === 'ar' ? 'ar' : 'en'] || [];
    for (var i = 0; i < routes.length; i++) {
      if (!new RegExp(routes[i][0], 'i').test(location.pathname)) continue;
      wanted = wanted.concat(routes[i][1]);
      // The page's modules, each after those it imports, for the app to run one per task (main.tsx).
      window.__screenFiles = routes[i][1]
        .map(function (j) {
          return files[j];
        })
        .filter(function (href) {
          return /\\.js$/.test(href);
        });
      break;
    }
    if (document.documentElement.dataset.copy && document.visibilityState !== 'hidden')
      requestAnimationFrame(function () {
        setTimeout(function () {
          inSlices(wanted, 0);
        }, 0);
      });
    else preload(wanted);
  } catch (e) {
    // Only a head start: the app loads what it needs anyway.
  }
})(${JSON.stringify(files)}, ${JSON.stringify(routes)}, ${JSON.stringify(own)});
`;
}

/**
 * Issue 14: the data a page opened directly asks for first (web/src/app/routes.tsx EARLY_DATA),
 * fetched by preferences.js beside the entry when a session is stored, as the API client would send
 * it (same URL, Accept and Bearer token), and left in `window.__early` for the client's first call
 * of it (web/src/lib/early-data.ts). Without a stored session, on any other page, or on any error:
 * nothing (the app asks as before). A lecture's answer also has the poster of the video its page
 * opens on preloaded, at high priority: the page's largest picture, asked for before the app runs.
 */
export interface EarlyRequest {
  pattern: string;
  path: string;
  /** The answer is a lecture: the poster of the video its page opens on is asked for once it is here. */
  poster?: boolean;
}

export function earlyDataScript(requests: EarlyRequest[], apiBase: string): string {
  const table = requests.map((r) => [patternSource(r.pattern, true), r.path, r.poster ? 1 : 0]);
  return `
// Generated by web/build/route-preload.ts: the data the page opened asks for first, fetched beside the entry.
(function (requests, base) {
  // The poster of the video a lecture page opens on (as web/src/features/catalogue/lib/first-video.ts
  // chooses it): the one ?v= names, else the first in order that plays, else the first; the player
  // shows it only when it plays.
  function posterOf(lecture, wanted) {
    var videos = ((lecture && lecture.videos) || []).slice().sort(function (a, b) {
      return a.order - b.order;
    });
    var pick;
    for (var j = 0; j < videos.length && !pick; j++) if (videos[j].id === wanted) pick = videos[j];
    for (var k = 0; k < videos.length && !pick; k++) if (videos[k].signedUrl) pick = videos[k];
    pick = pick || videos[0];
    return pick && pick.signedUrl && typeof pick.posterUrl === 'string' ? pick.posterUrl : undefined;
  }
  try {
    var user = JSON.parse(localStorage.getItem('user') || 'null');
    var token = user && user.token;
    if (typeof token !== 'string' || !token) return;
    for (var i = 0; i < requests.length; i++) {
      var m = new RegExp(requests[i][0], 'i').exec(location.pathname);
      if (!m) continue;
      var url = base + requests[i][1].replace(/\\{(\\w+)\\}/g, function (_, name) {
        return encodeURIComponent(decodeURIComponent(m.groups[name]));
      });
      var response = fetch(url, { headers: { Accept: 'application/json', Authorization: 'Bearer ' + token } });
      response.catch(function () {});
      window.__early = { url: url, token: token, response: response };
      if (requests[i][2])
        response
          .then(function (r) {
            // A copy: the app reads the answer itself.
            return r.ok ? r.clone().json() : null;
          })
          .then(function (body) {
            var href = posterOf(body && body.data, new URLSearchParams(location.search).get('v'));
            if (!href) return;
            var link = document.createElement('link');
            link.rel = 'preload';
            link.setAttribute('as', 'image');
            link.setAttribute('fetchpriority', 'high');
            link.href = href;
            document.head.appendChild(link);
          })
          .catch(function () {});
      return;
    }
  } catch (e) {
    // Only a head start: the app asks for it anyway.
  }
})(${JSON.stringify(table)}, ${JSON.stringify(apiBase)});
`;
}
