/**
 * Issue 14: the web's API client reads no route table at run time (web/build/public-routes.ts):
 * a route's method and path are its id's own, and the build writes which routes are public.
 */
import { chunksWithRouteTable, PUBLIC_ROUTES_MODULE, publicRoutes } from '../../web/build/public-routes';
import { methodOf, pathOf } from '@shared/route-path';
import { ROUTES } from '@shared/routes';

describe('what the API client knows of the route table', () => {
  it('the module the build writes lists exactly the public routes of the table', () => {
    const plugin = publicRoutes();
    const id = (plugin.resolveId as (s: string) => string)(PUBLIC_ROUTES_MODULE);
    const code = (plugin.load as (id: string) => string)(id);
    const ids = JSON.parse(code.replace(/^export default /, '').replace(/;\s*$/, '')) as string[];
    expect(ids.sort()).toEqual(ROUTES.filter((r) => r.access === 'public').map((r) => r.id).sort());
    expect(ids).toEqual(expect.arrayContaining(['POST /api/auth/login', 'GET /api/cours/all']));
    expect(ids).not.toContain('GET /api/cours/lectureaaa/{id}');
    expect((plugin.resolveId as (s: string) => string | undefined)('zod')).toBeUndefined();
  });

  it("every route's method and path are its id's own", () => {
    for (const r of ROUTES) {
      const params = Object.fromEntries([...r.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1]!, 'x']));
      expect(`${r.method} ${pathOf(r.id, params)}`).toBe(`${r.method} ${r.path.replace(/\{\w+\}/g, 'x')}`);
      expect(r.id.startsWith(`${r.method} `)).toBe(true);
      expect(methodOf(r.id)).toBe(r.method);
    }
  });

  it("finds the chunks of a bundle that hold the table (the browser's build then fails)", () => {
    const bundle = {
      'assets/index.js': { type: 'chunk', fileName: 'assets/index.js', moduleIds: ['/app/web/src/main.tsx'] },
      'assets/login.js': { type: 'chunk', fileName: 'assets/login.js', moduleIds: ['/app/web/src/login.tsx', '/app/shared/routes.ts'] },
      'assets/paths.js': { type: 'chunk', fileName: 'assets/paths.js', moduleIds: ['/app/shared/route-path.ts', '/app/shared/schemas/auth.ts'] },
      'assets/a.css': { type: 'asset', fileName: 'assets/a.css' },
    };
    expect(chunksWithRouteTable(bundle)).toEqual(['assets/login.js']);
  });
});
