/**
 * The one API client. Every call is named by its id in the shared route table
 * (`apiCall('POST /api/auth/login', { body })`), so method and path come from one place.
 *
 * One error path:
 * - 401 on a call that carried the session token → the session-expired flow (confirm, local
 *   logout, /auth);
 * - 403 whose body says `user.block` → the server's message for 5 s, then logout;
 * - anything else → an `ApiError` the caller turns into its own toast.
 * Errors already handled here are marked `handled` so callers do not toast them twice.
 */
import type { z } from 'zod';
import type { ApiErrorBody } from '@shared/errors';
import { methodOf, pathOf } from '@shared/route-path';
import type { RouteId, RouteOf } from '@shared/routes';
import publicRouteIds from 'virtual:public-routes';
import { env } from '@/config/env';
import { askAhead, takeAhead, takeEarly } from './early-data';
import { noteApiAnswer } from './offline-mark';

/**
 * Of the route table the client needs only each route's method and path (its id's own) and whether
 * it is public, written at build time (web/build/public-routes.ts): no page loads the table's zod
 * schemas to call the API.
 */
const PUBLIC_ROUTES: ReadonlySet<RouteId> = new Set(publicRouteIds);

export class ApiError extends Error {
  /** True when the client's own error path (session expired, blocked) already told the user. */
  handled = false;
  constructor(
    readonly status: number,
    /** The parsed response body; undefined when there was no response (network failure). */
    readonly body: (Partial<ApiErrorBody> & Record<string, unknown>) | undefined,
  ) {
    super(typeof body?.message === 'string' ? body.message : `Request failed (${status || 'network'})`);
    this.name = 'ApiError';
  }
}

type SchemaOf<K extends RouteId, F extends string> = RouteOf<K> extends Record<F, infer S> ? (S extends z.ZodType ? S : never) : never;
/** The response type the route table declares, else unknown. */
export type ResponseOf<K extends RouteId> = [SchemaOf<K, 'response'>] extends [never] ? unknown : z.output<SchemaOf<K, 'response'>>;
/** The JSON body the route table declares (its input side), else unknown. */
export type BodyOf<K extends RouteId> = [SchemaOf<K, 'body'>] extends [never] ? unknown : z.input<SchemaOf<K, 'body'>>;

export interface CallOptions<K extends RouteId> {
  params?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
  body?: BodyOf<K>;
  /** Multipart routes send a FormData instead of a JSON body. */
  formData?: FormData;
  /** Set false where the caller owns the outcome of a 401/403 (logout). */
  sessionErrors?: boolean;
  signal?: AbortSignal;
}

export interface ApiClientHooks {
  getToken: () => string | null;
  /** `detail` is the server's message (e.g. the account was opened on another device). */
  onSessionExpired: (detail?: string) => void;
  onBlocked: (message: string) => void;
}

let hooks: ApiClientHooks = { getToken: () => null, onSessionExpired: () => {}, onBlocked: () => {} };

/** The app wires the store and router in once at start-up (app/app.tsx). */
export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

/** Spec 6: the course list sends the raw token; every other call a Bearer token. */
const RAW_TOKEN_ROUTES: ReadonlySet<RouteId> = new Set<RouteId>(['GET /api/cours/all']);

/** An API path as the browser must address it (the base URL is '' when same-origin). */
export function apiUrl(path: string, query?: CallOptions<RouteId>['query']): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) search.set(k, String(v));
  const qs = search.toString();
  return `${env.apiBaseUrl}${path}${qs ? `?${qs}` : ''}`;
}

/** The Authorization a call sends, if any: public auth calls never carry a (possibly stale) session; the course list does (spec 6). */
function authorizationFor(routeId: RouteId): string | undefined {
  const token = hooks.getToken();
  if (!token || (PUBLIC_ROUTES.has(routeId) && !RAW_TOKEN_ROUTES.has(routeId))) return undefined;
  return RAW_TOKEN_ROUTES.has(routeId) ? token : `Bearer ${token}`;
}

/**
 * Asks a GET now, as `apiCall` would, for the next `apiCall` of that very request (same URL and
 * Authorization) to take instead of asking again: a screen's data is on its way while its code loads.
 */
export function prefetchCall<K extends RouteId>(routeId: K, options: Pick<CallOptions<K>, 'params' | 'query'> = {}): void {
  if (methodOf(routeId) !== 'GET') return;
  const authorization = authorizationFor(routeId);
  const headers: Record<string, string> = { Accept: 'application/json', ...(authorization ? { Authorization: authorization } : {}) };
  const url = apiUrl(pathOf(routeId, options.params), options.query);
  askAhead(url, authorization, () => fetch(url, { method: 'GET', headers }));
}

export async function apiCall<K extends RouteId>(routeId: K, options: CallOptions<K> = {}): Promise<ResponseOf<K>> {
  const method = methodOf(routeId);
  const headers: Record<string, string> = { Accept: 'application/json' };

  const authorization = authorizationFor(routeId);
  const sendsToken = authorization !== undefined;
  if (sendsToken) headers.Authorization = authorization;

  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  } else if (method !== 'GET' && method !== 'DELETE') {
    headers['Content-Type'] = 'application/json';
    body = '{}';
  }

  let res: Response;
  try {
    const url = apiUrl(pathOf(routeId, options.params), options.query);
    const ask = () => fetch(url, { method, headers, body, signal: options.signal });
    // The page's first request, already asked by preferences.js (lib/early-data.ts); if that failed, asked again.
    // Or asked when the navigation to its screen began (app/route-data.ts), beside the screen's code.
    const early = method === 'GET' ? (takeEarly(url, headers.Authorization) ?? takeAhead(url, headers.Authorization)) : undefined;
    res = await (early ? early.catch(ask) : ask());
  } catch (cause) {
    if ((cause as Error)?.name === 'AbortError') throw cause;
    if (method === 'GET') noteApiAnswer(undefined);
    throw new ApiError(0, undefined);
  }
  // Issue 44: an answer the service worker kept for offline use says so (the offline notice shows it).
  if (method === 'GET') noteApiAnswer(res);

  const parsed = await readBody(res);
  if (res.ok) return parsed as ResponseOf<K>;

  const errorBody = parsed && typeof parsed === 'object' ? (parsed as ApiError['body']) : parsed ? { message: String(parsed) } : undefined;
  const error = new ApiError(res.status, errorBody);
  if (sendsToken && options.sessionErrors !== false) {
    if (res.status === 401) {
      error.handled = true;
      hooks.onSessionExpired(typeof errorBody?.message === 'string' ? errorBody.message : undefined);
    } else if (res.status === 403 && errorBody?.user?.block) {
      error.handled = true;
      hooks.onBlocked(error.message);
    }
  }
  throw error;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The text to show for a failed call: the server's message, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  const body = error instanceof ApiError ? error.body : error;
  const message = body && typeof body === 'object' && 'message' in body ? (body as { message: unknown }).message : undefined;
  return typeof message === 'string' && message.trim() ? message : fallback;
}

/** Spec 8: a failed call keeps the server's response body, or `{ msgError }` when none came. */
export function rejection(error: unknown, msgError: string): unknown {
  return error instanceof ApiError && error.body !== undefined ? error.body : { msgError };
}
