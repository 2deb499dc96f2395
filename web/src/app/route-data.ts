/**
 * The data a screen shows first, asked for as soon as the navigation to it begins, beside its lazy
 * code (issue 39: the courses list waited for the screen's chunk, then for React to show it, before
 * asking — a 125 ms answer behind a spinner of about 2 s on a phone). The API client hands the answer
 * to the screen's own first call of it (lib/early-data.ts `takeAhead`). `endpoint`: the RTK Query
 * endpoint that reads it; nothing is asked when its answer is already in the store. `role`: the
 * screen's guard (nothing is asked for a visitor the guard sends away). A lecture opened by its
 * address waits for the course list to show its breadcrumb with its title (features/catalogue/routes/
 * lecture.tsx): asked here, it comes beside the lecture (public/preferences.js asks that one).
 */
import { matchPath } from 'react-router';
import type { RouteId } from '@shared/routes';
import { prefetchCall } from '@/lib/api-client';

interface RouteData {
  pattern: string;
  request: RouteId;
  endpoint: string;
  role: 'ADMIN' | 'signedIn';
}

export const ROUTE_DATA: readonly RouteData[] = [
  { pattern: '/dashboard', request: 'GET /api/cours/all', endpoint: 'listCourses', role: 'ADMIN' },
  { pattern: '/lec/:id', request: 'GET /api/cours/all', endpoint: 'listCourses', role: 'signedIn' },
];

/** What is read of the store: the signed-in user and the RTK Query cache. */
interface CachedQueries {
  auth?: { user?: { role?: string } | null; token?: string | null };
  api?: { queries?: Record<string, { endpointName?: string; status?: string } | undefined> };
}

/** Asks the first data of the screen at `pathname`, unless the store already holds it. */
export function prefetchRouteData(pathname: string, state: CachedQueries): void {
  for (const { pattern, request, endpoint, role } of ROUTE_DATA) {
    const match = matchPath(pattern, pathname);
    if (!match || !state.auth?.token || (role === 'ADMIN' && state.auth.user?.role !== role)) continue;
    const cached = Object.values(state.api?.queries ?? {}).some((q) => q?.endpointName === endpoint && q.status === 'fulfilled');
    if (!cached) prefetchCall(request, { params: match.params as Record<string, string> });
  }
}
