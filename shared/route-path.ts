import type { HttpMethod, RouteId } from './routes.ts';

/** A route's method, its id's first word: methodOf('DELETE /api/cours/{id}') → 'DELETE'. */
export const methodOf = (routeId: RouteId): HttpMethod => routeId.slice(0, routeId.indexOf(' ')) as HttpMethod;

/**
 * Fill a route's {name} variables: pathOf('DELETE /api/cours/{id}', { id }) → /api/cours/01H…
 * The path is the route id's own (`METHOD path`), so this needs none of the route table's schemas:
 * a screen that only links to a route (the login page's Google button) loads no zod for it.
 */
export function pathOf(routeId: RouteId, params: Record<string, string> = {}): string {
  return routeId.slice(routeId.indexOf(' ') + 1).replace(/\{(\w+)\}/g, (_, n: string) => {
    if (params[n] === undefined) throw new Error(`${routeId}: missing path parameter ${n}`);
    return encodeURIComponent(params[n]);
  });
}
