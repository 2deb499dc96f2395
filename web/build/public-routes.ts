import type { Plugin } from 'vite';
import { ROUTES, type RouteId } from '../../shared/routes.ts';
import { chunksHolding, keepOutOfBrowserBundle } from './bundle-guard.ts';

/** The module the API client imports the public routes from (web/src/lib/api-client.ts). */
export const PUBLIC_ROUTES_MODULE = 'virtual:public-routes';

/** The route table's routes called without a session (access 'public'), by id. */
export const publicRouteIds = (): RouteId[] => ROUTES.filter((r) => r.access === 'public').map((r) => r.id);

/**
 * What the web's API client needs of the route table, written at build time: a route's method and
 * path are its id's own (shared/route-path.ts), and of the rest it reads only whether a route is
 * public (such a call carries no session). So the browser loads none of the table's zod schemas to
 * call the API: on a signed-in page the call after the first (a lecture's playback start) no longer
 * waits for ~95 KB of schemas to arrive and be built.
 */
export function publicRoutes(): Plugin {
  const resolved = `\0${PUBLIC_ROUTES_MODULE}`;
  return {
    name: 'bioscope:public-routes',
    resolveId: (source) => (source === PUBLIC_ROUTES_MODULE ? resolved : undefined),
    load: (id) => (id === resolved ? `export default ${JSON.stringify(publicRouteIds())};\n` : undefined),
    // The browser's bundle fails the build if the table comes back into it (the prerender's Node build uses it).
    ...keepOutOfBrowserBundle(
      ROUTE_TABLE,
      (chunks) => `public-routes: the browser's bundle holds the API route table and its schemas (shared/routes.ts) in ${chunks.join(', ')}: import pathOf from shared/route-path.ts, and types only from shared/routes.ts`,
    ),
  };
}

const ROUTE_TABLE = /(^|[\\/])shared[\\/]routes\.ts$/;

/** The chunks of a bundle that hold shared/routes.ts. */
export const chunksWithRouteTable = (bundle: Parameters<typeof chunksHolding>[0]): string[] => chunksHolding(bundle, ROUTE_TABLE);
