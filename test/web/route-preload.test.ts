/**
 * Issue 14: a page opened directly fetches its screen's chunks beside the entry (web/build/route-preload.ts).
 * The build's halves: the chunk graph (what each lazy screen needs beyond the entry), the route table
 * (which screens a path shows), and the script preferences.js runs on every page.
 */
import { chunkFiles, earlyDataScript, patternSource, preloadScript, routeFiles } from '../../web/build/route-preload';
import { EARLY_DATA, routeModules } from '@/app/routes';
import { firstVideo } from '@/features/catalogue/lib/first-video';
import { routeById } from '@shared/routes';

const chunk = (fileName: string, o: { entry?: boolean; dynamic?: string; imports?: string[]; css?: string[] } = {}) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: !!o.entry,
  isDynamicEntry: !!o.dynamic,
  facadeModuleId: o.dynamic ? `/app/web/src/${o.dynamic}` : null,
  imports: o.imports ?? [],
  viteMetadata: { importedCss: new Set(o.css ?? []) },
});

describe('chunkFiles', () => {
  const bundle = {
    'assets/index.js': chunk('assets/index.js', { entry: true, imports: ['assets/react.js'] }),
    'assets/react.js': chunk('assets/react.js'),
    'assets/login.js': chunk('assets/login.js', { dynamic: 'features/auth/routes/login.tsx', imports: ['assets/forms.js', 'assets/react.js'] }),
    'assets/forms.js': chunk('assets/forms.js', { imports: ['assets/api.js'], css: ['assets/forms.css'] }),
    'assets/api.js': chunk('assets/api.js', { imports: ['assets/forms.js'] }),
    'assets/logo.svg': { type: 'asset' as const },
  };

  it("lists a screen's chunk, its static imports through any depth (cycles too) and their CSS, not the entry's", () => {
    expect(chunkFiles(bundle, '/app/web/src')).toEqual(new Map([['features/auth/routes/login.tsx', ['/assets/api.js', '/assets/forms.js', '/assets/login.js', '/assets/forms.css']]]));
  });

  it('puts each chunk after the chunks it imports, so they can run one per task in that order', () => {
    const deep = {
      'assets/index.js': chunk('assets/index.js', { entry: true }),
      'assets/page.js': chunk('assets/page.js', { dynamic: 'page.tsx', imports: ['assets/ui.js', 'assets/form.js'] }),
      'assets/form.js': chunk('assets/form.js', { imports: ['assets/zod.js', 'assets/ui.js'] }),
      'assets/ui.js': chunk('assets/ui.js', { imports: ['assets/index.js'] }),
      'assets/zod.js': chunk('assets/zod.js'),
    };
    const files = chunkFiles(deep, '/app/web/src').get('page.tsx')!;
    expect(files).toEqual(['/assets/ui.js', '/assets/zod.js', '/assets/form.js', '/assets/page.js']);
    for (const [name, c] of Object.entries(deep))
      for (const i of c.imports) if (files.includes(`/${i}`)) expect(files.indexOf(`/${i}`)).toBeLessThan(files.indexOf(`/${name}`));
  });
});

describe('the route table as patterns', () => {
  it('turns react-router paths into anchored expressions', () => {
    expect(new RegExp(patternSource('/lec/:id'), 'i').test('/lec/01ABC')).toBe(true);
    expect(new RegExp(patternSource('/lec/:id'), 'i').test('/lec/01ABC/more')).toBe(false);
    expect(new RegExp(patternSource('/dashboard/Cuppons'), 'i').test('/dashboard/cuppons/')).toBe(true);
    expect(new RegExp(patternSource('/'), 'i').test('/')).toBe(true);
    expect(new RegExp(patternSource('/'), 'i').test('/term')).toBe(false);
    expect(new RegExp(patternSource('/auth/*'), 'i').test('/auth/anything/here')).toBe(true);
  });

  it('names every route of the app, catch-alls last (the router ranks them below any other match)', () => {
    const patterns = routeModules().map((r) => r.pattern);
    for (const p of ['/', '/auth', '/auth/login', '/auth/google/callback', '/lec/:id', '/content', '/dashboard', '/dashboard/users/:id', '/profile/edit']) expect(patterns).toContain(p);
    const firstCatchAll = patterns.findIndex((p) => p.includes('*'));
    expect(patterns.slice(firstCatchAll).every((p) => p.includes('*'))).toBe(true);
  });

  it('keeps routes with files, each file once', () => {
    const files = new Map([
      ['a.tsx', ['/assets/a.js', '/assets/shared.js']],
      ['b.tsx', ['/assets/b.js', '/assets/shared.js']],
    ]);
    expect(
      routeFiles(
        [
          { pattern: '/x', modules: ['a.tsx', 'b.tsx'] },
          { pattern: '/y', modules: [] },
        ],
        files,
      ),
    ).toEqual([['^/x/?$', ['/assets/a.js', '/assets/shared.js', '/assets/b.js']]]);
  });
});

describe('the script preferences.js runs', () => {
  const table: [string, string[]][] = [
    [patternSource('/auth/login'), ['/assets/login.js', '/assets/auth.css']],
    [patternSource('/auth/*'), ['/assets/auth-layout.js']],
  ];
  const run = (pathname: string) => {
    window.history.pushState({}, '', pathname);
    document.head.innerHTML = '';
    // The script as the build writes it, run as the browser runs preferences.js.
    new Function(preloadScript(table))();
    return [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('as'), l.getAttribute('crossorigin'), l.getAttribute('href')]);
  };

  it('preloads the first matching route: modules, and the stylesheet fetched only', () => {
    expect(run('/auth/login')).toEqual([
      ['modulepreload', null, '', '/assets/login.js'],
      ['preload', 'style', '', '/assets/auth.css'],
    ]);
    expect(run('/auth/whatever')).toEqual([['modulepreload', null, '', '/assets/auth-layout.js']]);
  });

  it('adds nothing on a path no route names', () => {
    expect(run('/nowhere')).toEqual([]);
  });

  it("names the page's modules, in the table's order and without the stylesheets, for the app to run one per task", () => {
    delete window.__screenFiles;
    run('/auth/login');
    expect(window.__screenFiles).toEqual(['/assets/login.js']);
    delete window.__screenFiles;
    run('/nowhere');
    expect(window.__screenFiles).toBeUndefined();
  });

  it('a page arriving prerendered (<html data-copy>) asks for them only after its first frame', () => {
    jest.useFakeTimers();
    document.documentElement.dataset.copy = 'login';
    try {
      expect(run('/auth/login')).toEqual([]);
      jest.advanceTimersByTime(20);
      expect([...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'))).toEqual(['/assets/login.js', '/assets/auth.css']);

      // A longer list goes three links per task, in order, after the first frame.
      const many: [string, string[]][] = [[patternSource('/auth/login'), ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((f) => `/assets/${f}.js`)]];
      const hrefs = () => [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href')!.slice(8, 9)).join('');
      document.head.innerHTML = '';
      new Function(preloadScript(many))();
      const seen = [hrefs()];
      for (let i = 0; i < 4; i++) {
        jest.advanceTimersToNextTimer();
        seen.push(hrefs());
      }
      expect(seen).toEqual(['', '', 'abc', 'abcdef', 'abcdefg']);
    } finally {
      delete document.documentElement.dataset.copy;
      jest.useRealTimers();
    }
  });
});

describe("the page's texts, one language (issue 14)", () => {
  const table: [string, string[]][] = [[patternSource('/lec/:id'), ['/assets/lecture.js']]];
  const languages = { en: ['/assets/en.js'], ar: ['/assets/ar.js'] };
  const run = (pathname: string, lang: string) => {
    window.history.pushState({}, '', pathname);
    document.head.innerHTML = '';
    document.documentElement.lang = lang;
    new Function(preloadScript(table, languages))();
    return [...document.head.querySelectorAll('link')].map((l) => l.getAttribute('href'));
  };
  afterAll(() => {
    document.documentElement.lang = '';
  });

  it("asks for the stored language's file first, beside the screen's, and not the other's", () => {
    expect(run('/lec/01ABC', 'ar')).toEqual(['/assets/ar.js', '/assets/lecture.js']);
    expect(run('/lec/01ABC', 'en')).toEqual(['/assets/en.js', '/assets/lecture.js']);
  });

  it('asks for it on a page no route names too, and leaves it out of the modules the app runs one per task', () => {
    expect(run('/nowhere', 'ar')).toEqual(['/assets/ar.js']);
    delete window.__screenFiles;
    run('/lec/01ABC', 'ar');
    expect(window.__screenFiles).toEqual(['/assets/lecture.js']);
  });
});

describe('the early request preferences.js makes (issue 14)', () => {
  const requests = [{ pattern: '/lec/:id', path: '/api/cours/lectureaaa/{id}' }];
  const run = (pathname: string, user: unknown, base = '') => {
    window.history.pushState({}, '', pathname);
    window.localStorage.clear();
    if (user !== undefined) window.localStorage.setItem('user', typeof user === 'string' ? user : JSON.stringify(user));
    window.__early = undefined;
    const fetch = jest.fn(() => Promise.resolve({ ok: true } as Response));
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    new Function(earlyDataScript(requests, base))();
    return fetch;
  };

  it("asks for the lecture of the address as the API client would, with the stored session's token, and leaves the answer for the app", () => {
    const fetch = run('/lec/01ABC%20x', { id: 'u1', token: 'tok-9' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith('/api/cours/lectureaaa/01ABC%20x', { headers: { Accept: 'application/json', Authorization: 'Bearer tok-9' } });
    expect(window.__early).toMatchObject({ url: '/api/cours/lectureaaa/01ABC%20x', token: 'tok-9' });
    expect(run('/lec/L1/', { token: 't' }, 'https://api.example.com')).toHaveBeenCalledWith('https://api.example.com/api/cours/lectureaaa/L1', expect.anything());
  });

  it('asks nothing without a session, with a broken one, on another page, or for an address it cannot read', () => {
    for (const [path, user] of [
      ['/lec/L1', undefined],
      ['/lec/L1', '{not json'],
      ['/lec/L1', { id: 'u1' }],
      ['/content', { token: 't' }],
      ['/lec/L1/extra', { token: 't' }],
      ['/lec/%E0%A4%A', { token: 't' }],
    ] as const) {
      expect(run(path, user)).not.toHaveBeenCalled();
      expect(window.__early).toBeUndefined();
    }
  });

  describe("a lecture's poster, asked for once the early answer is here", () => {
    type V = { id: string; order: number; signedUrl?: string; posterUrl?: string };
    const lectureAnswer = (videos: V[], ok = true) => {
      const body = JSON.stringify({ data: { id: 'L1', videos } });
      const response = { ok, clone: () => ({ json: () => Promise.resolve(JSON.parse(body)) }) };
      return jest.fn(() => Promise.resolve(response as unknown as Response));
    };
    const preloaded = async (address: string, fetch: jest.Mock, poster = true) => {
      window.history.pushState({}, '', address);
      window.localStorage.setItem('user', JSON.stringify({ token: 't' }));
      document.head.innerHTML = '';
      globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
      new Function(earlyDataScript([{ pattern: '/lec/:id', path: '/api/cours/lectureaaa/{id}', poster }], ''))();
      await new Promise((resolve) => setTimeout(resolve, 0));
      return [...document.head.querySelectorAll('link')].map((l) => [l.rel, l.getAttribute('as'), l.getAttribute('fetchpriority'), l.getAttribute('href')]);
    };
    const v = (id: string, order: number, playable = true): V => ({ id, order, ...(playable ? { signedUrl: `/media/hls/${id}/master.m3u8`, posterUrl: `/media/hls/${id}/poster.jpg?Expires=1&Signature=s` } : {}) });

    it('preloads, at high priority, the poster of the video the page opens on: the same choice as the app', async () => {
      const cases: [V[], string][] = [
        [[v('b', 2), v('a', 1)], ''],
        [[v('a', 1, false), v('b', 2), v('c', 3)], ''],
        [[v('a', 1), v('b', 2)], '?v=b'],
        [[v('a', 1), v('b', 2, false)], '?v=b'],
        [[v('a', 1, false), v('b', 2, false)], ''],
        [[v('a', 1), v('b', 2)], '?v=gone'],
        [[], ''],
      ];
      for (const [videos, search] of cases) {
        const chosen = firstVideo(videos, new URLSearchParams(search).get('v'));
        const expected = chosen?.signedUrl && chosen.posterUrl ? [['preload', 'image', 'high', chosen.posterUrl]] : [];
        expect(await preloaded(`/lec/L1${search}`, lectureAnswer(videos))).toEqual(expected);
      }
      // The cases above do preload: not a check that passes by preloading nothing.
      expect(await preloaded('/lec/L1?v=b', lectureAnswer([v('a', 1), v('b', 2)]))).toEqual([['preload', 'image', 'high', v('b', 2).posterUrl]]);
    });

    it('asks for nothing on a failed answer, for a request without the poster flag, or when the answer is not a lecture', async () => {
      expect(await preloaded('/lec/L1', lectureAnswer([v('a', 1)], false))).toEqual([]);
      expect(await preloaded('/lec/L1', lectureAnswer([v('a', 1)]), false)).toEqual([]);
      const notJson = jest.fn(() => Promise.resolve({ ok: true, clone: () => ({ json: () => Promise.reject(new SyntaxError('x')) }) } as unknown as Response));
      expect(await preloaded('/lec/L1', notJson)).toEqual([]);
    });
  });

  it("EARLY_DATA names signed-in GETs of the route table, on patterns of the app's routes", () => {
    const patterns = routeModules().map((r) => r.pattern);
    for (const e of EARLY_DATA) {
      expect(patterns).toContain(e.pattern);
      expect(routeById(e.request)).toMatchObject({ method: 'GET' });
      expect(routeById(e.request).access).not.toBe('public');
      // Every parameter of the API path is one of the route's.
      const names = [...routeById(e.request).path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const n of names) expect(patternSource(e.pattern, true)).toContain(`(?<${n}>`);
    }
  });
});
