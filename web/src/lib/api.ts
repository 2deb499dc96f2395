/**
 * Server state on the web, one way: RTK Query. This is the one `createApi`; each feature adds its
 * endpoints with `api.injectEndpoints` in `features/<domain>/api/<verb-noun>.ts`, one request per
 * file, the endpoint named by the route table's `op` (listCourses, updateCourse …) and its query
 * naming the route by id (`{ route: 'PUT /api/cours/{id}', params, formData }`).
 *
 * The base query is the one API client (lib/api-client.ts), so its one error path stays the only
 * one: 401 → session expired, 403 with `user.block` → message and logout. A failure lands in the
 * query state's `error` as `{ status, data, handled }`, where `data` is the server's response
 * body, or `{ msgError }` when no response came (spec 8).
 *
 * The store starts without it: this module loads with the screens whose endpoints import it, and
 * joins the store then (lib/store-areas.ts), so the first load carries no RTK Query.
 */
import { type BaseQueryFn, createApi } from '@reduxjs/toolkit/query/react';
import type { RouteId } from '@shared/routes';
import type { RequestStatus } from './request-status';
import { ApiError, apiCall, type CallOptions } from './api-client';
import { loadArea } from './store-areas';

export type ApiArgs<K extends RouteId = RouteId> = CallOptions<K> & { route: K };

export interface ApiFailure {
  /** HTTP status; 0 when no response came. */
  status: number;
  /** The server's response body, else `{ msgError }`. */
  data: unknown;
  /** True when the client's own error path (session expired, blocked) already told the user. */
  handled: boolean;
}

/** Spec 8: the text a failed call keeps when there was no response body. */
const NO_RESPONSE = { msgError: 'Unknown error' };

const baseQuery: BaseQueryFn<ApiArgs, unknown, ApiFailure> = async ({ route, ...options }, { signal }) => {
  try {
    return { data: await apiCall(route, { ...options, signal } as CallOptions<RouteId>) };
  } catch (e) {
    if (e instanceof ApiError) return { error: { status: e.status, data: e.body ?? NO_RESPONSE, handled: e.handled } };
    if ((e as Error)?.name === 'AbortError') return { error: { status: 0, data: NO_RESPONSE, handled: true } };
    throw e;
  }
};

/** Tags name what a mutation changes, so the screens showing it refetch (no manual reloads). */
export const TAGS = ['Course', 'Term', 'Section', 'Lecture', 'Quiz', 'QuizStatus', 'QuizResult', 'Coupon', 'Purchase', 'User', 'Profile', 'Message', 'Mfa', 'Wallet', 'CodeBatch', 'Device', 'Settings'] as const;

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAGS,
  // A screen opened again shows what it had and refetches in the background.
  refetchOnMountOrArgChange: 30,
  endpoints: () => ({}),
});

// The cache joins the store when this module first loads (with the first screen that calls the server).
loadArea(api);

interface QueryFlags {
  isUninitialized?: boolean;
  isLoading?: boolean;
  isFetching?: boolean;
  isSuccess?: boolean;
  isError?: boolean;
}

/** Spec 4's idle/loading/succeeded/failed, derived from a query's or mutation's state (no second copy). */
export function statusOf(r: QueryFlags): RequestStatus {
  if (r.isLoading || (r.isFetching && !r.isSuccess && !r.isError)) return 'loading';
  if (r.isError) return 'failed';
  if (r.isSuccess) return 'succeeded';
  return r.isUninitialized === false ? 'loading' : 'idle';
}
