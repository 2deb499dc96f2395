/**
 * The one Middy stack every handler runs in. A domain's Lambda is
 * `export const handler = domainHandler('catalogue', { 'GET /api/cours/all': listCourses, … })`:
 * http-router over the domain's rows of the route table; per route: header normaliser → session
 * gate (401/403 before any body is read) → body parser (JSON or multipart) → zod validation of
 * path, query and body → handler.
 * Routes of the domain without an implementation answer 501. Errors become `{message, code}` here
 * only; a 400 of failed validation lists `{path, field, code, params, message}` per problem.
 */
import { injectLambdaContext } from '@aws-lambda-powertools/logger/middleware';
import middy from '@middy/core';
import httpHeaderNormalizer from '@middy/http-header-normalizer';
import httpJsonBodyParser from '@middy/http-json-body-parser';
import httpMultipartBodyParser from '@middy/http-multipart-body-parser';
import httpRouterHandler from '@middy/http-router';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2, Context } from 'aws-lambda';
import type { z } from 'zod';
import type { ApiErrorBody, FieldError } from '../../shared/errors';
import { type Access, type Domain, type RouteDef, type RouteId, type RouteOf, routesOfDomain } from '../../shared/routes';
import { IMAGE_MAX_BYTES } from '../../shared/constants';
import { englishIssueMessage, ruleOf } from '../../shared/rules';
import { HttpError, NotFound, NotImplemented, ValidationFailed } from './errors';
import { logger, requestLog } from './log';
import { originGuard } from './origin-guard';
import { forgetRecentReads } from './recent';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

/** Who is calling, as the session gate found them in their record (read once per request). */
export interface AuthContext {
  userId: string;
  claims: Record<string, unknown>;
  groups: string[];
  isAdmin: boolean;
  /** Their name and contacts as the record holds them now (a checkout's billing data). */
  contact: Contact;
  /** A Google sign-up that has not given its phone and school year yet (the "complete your profile" step). */
  profileIncomplete?: true;
  /**
   * The caller's own items the route named (`readsAlong`), read in the same request as their record
   * and handed over only once the session holds; by "PK|SK", undefined where the table has none.
   */
  readAlong?: ReadAlong;
}
/** A table item's key, as the data layer builds it (functions/data/keys.ts). */
export interface ItemKey {
  PK: string;
  SK: string;
}
export type ReadAlong = ReadonlyMap<string, Record<string, unknown> | undefined>;
/** A route's own items of the caller, named from its path and the caller before the session gate reads. */
export type AlongKeys = (req: { params: unknown; userId: string }) => Promise<ItemKey[]> | ItemKey[];
/** Sort keys from..to (inclusive) of the caller's own partition (functions/data/keys.ts names them). */
export interface SkRange {
  from: string;
  to: string;
}
/**
 * What the session gate reads along: the keys, whether strongly consistent (as the route's own read
 * was), and a range of the caller's partition that holds their record (read by one Query instead).
 */
export interface Along {
  keys: ItemKey[];
  consistent: boolean;
  range?: SkRange;
}
export interface Contact {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}
/**
 * Decides who may call a route of this access: undefined for a public route, else the caller or a
 * 401/403. The one every domain uses is the auth domain's `sessionGate` (functions/auth/public.ts):
 * lib sits under the data layer, so the stack takes the gate rather than reading users itself.
 */
export type SessionGate = (event: APIGatewayProxyEventV2, access: Access, along?: (userId: string) => Promise<Along>) => Promise<AuthContext | undefined>;

export interface Request<K extends RouteId = RouteId> {
  body: Out<RouteOf<K> extends { body: infer B } ? B : undefined>;
  params: Out<RouteOf<K> extends { params: infer P } ? P : undefined>;
  query: Out<RouteOf<K> extends { query: infer Q } ? Q : undefined>;
  /** Present on user and admin routes. */
  auth: RouteOf<K>['access'] extends 'public' ? AuthContext | undefined : AuthContext;
  event: APIGatewayProxyEventV2;
  route: RouteDef & { id: RouteId };
}

export interface Reply {
  status?: number;
  body?: unknown;
  /** Raw bytes instead of a JSON body (sent base64, isBase64Encoded): set the content type in headers. */
  bytes?: Uint8Array;
  headers?: Record<string, string>;
  cookies?: string[];
}
export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const redirect = (location: string, cookies?: string[]): Reply => ({ status: 302, headers: { location }, cookies });

export type Handler<K extends RouteId> = ((req: Request<K>) => Promise<Reply>) & { along?: AlongKeys; alongConsistent?: boolean; alongRange?: SkRange };

/**
 * A handler whose first reads of the caller's own items (a purchase, a quiz result) are named up
 * front: the session gate reads them in the one BatchGetItem that reads the caller's record, and the
 * handler finds them in `auth.readAlong` (one store request instead of two). Only reads: nothing is
 * written before the session holds, and the items reach the handler only after it does. `keysOf`
 * gets the path parameters as the route's schema parsed them; a student's only (an admin's token
 * reads their record alone). `consistent`: the items (and so the record) are read strongly
 * consistent, as the handler's own read of them is (a quiz result); else as GetItem reads by default.
 * `range`: the caller's items whose sort keys lie in it (their record's among them) are read by one
 * Query instead of the record's GetItem, and every one of them reaches the handler (a list of them).
 */
export function readsAlong<K extends RouteId>(
  handler: (req: Request<K>) => Promise<Reply>,
  keysOf: (req: { params: Out<RouteOf<K> extends { params: infer P } ? P : undefined>; userId: string }) => Promise<ItemKey[]> | ItemKey[],
  opts: { consistent?: boolean; range?: SkRange } = {},
): Handler<K> {
  return Object.assign(handler, { along: keysOf as AlongKeys, alongConsistent: opts.consistent === true, ...(opts.range ? { alongRange: opts.range } : {}) });
}
export type Handlers = { [K in RouteId]?: Handler<K> };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

function toResult(reply: Reply): APIGatewayProxyResultV2 {
  if (reply.bytes) {
    return { statusCode: reply.status ?? 200, headers: { 'cache-control': 'no-store', ...reply.headers }, ...(reply.cookies ? { cookies: reply.cookies } : {}), body: Buffer.from(reply.bytes).toString('base64'), isBase64Encoded: true };
  }
  return {
    statusCode: reply.status ?? 200,
    headers: { ...(reply.body === undefined ? {} : JSON_HEADERS), ...reply.headers },
    ...(reply.cookies ? { cookies: reply.cookies } : {}),
    body: reply.body === undefined ? '' : JSON.stringify(reply.body),
  };
}

export function errorBody(e: unknown): { status: number; body: ApiErrorBody } {
  if (e instanceof HttpError) return { status: e.status, body: { message: e.message, code: e.code, ...e.extra } };
  // Middy's parsers throw http-errors with an exposed message: malformed JSON (422), wrong content type (415), size (413).
  const he = e as { statusCode?: number; expose?: boolean; message?: string };
  if (typeof he?.statusCode === 'number' && he.statusCode < 500) {
    if (he.statusCode === 415 && /malformed JSON/.test(he.message ?? '')) return { status: 400, body: { message: 'The request body is missing or is not valid JSON', code: 'badRequest' } };
    if (he.statusCode === 415) return { status: 415, body: { message: 'Unsupported content type: send this form as multipart/form-data', code: 'unsupportedType' } };
    if (he.statusCode === 404) return { status: 404, body: { message: 'No such route', code: 'notFound' } };
    const code = he.statusCode === 413 ? 'tooLarge' : he.statusCode === 401 ? 'unauthorized' : he.statusCode === 403 ? 'forbidden' : 'badRequest';
    return { status: he.statusCode, body: { message: he.expose && he.message ? he.message : 'Bad request', code } };
  }
  // Anything else is ours to fix: requestLog (log.ts) writes it with its stack; tell the user nothing internal.
  return { status: 500, body: { message: 'Something went wrong on our side. Please try again.', code: 'internal' } };
}

/** Each issue as the 400 lists it: its rule (shared/rules.ts) and the English the error map gave it. */
export const issuesToErrors = (where: string, error: z.ZodError): FieldError[] =>
  error.issues.map((i) => {
    const { field, code, params } = ruleOf(i);
    return { path: [where, ...i.path.map(String)].join('.'), field, code, params, message: i.message };
  });

function parse<S extends z.ZodType | undefined>(where: string, schema: S, value: unknown): unknown {
  if (!schema) return value;
  const r = schema.safeParse(value, { error: englishIssueMessage, reportInput: true });
  if (r.success) return r.data;
  throw new ValidationFailed(issuesToErrors(where, r.error));
}

function routeHandler(route: RouteDef & { id: RouteId }, impl: Handler<RouteId> | undefined, gate: SessionGate) {
  // Who is calling is settled before the body is read: a student gets 403 from an admin route
  // whatever they send (not 415 or 413 from the parser), and nobody's body is parsed for nothing.
  const callers = new WeakMap<APIGatewayProxyEventV2, AuthContext | undefined>();
  const along = route.access === 'public' ? undefined : impl?.along;
  const consistent = impl?.alongConsistent === true;
  const range = impl?.alongRange;
  const sessionFirst: middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> = {
    before: async (request) => {
      callers.set(request.event, await gate(request.event, route.access, along && ((userId) => alongKeys(along, route.params, request.event, userId).then((keys) => ({ keys, consistent, ...(range ? { range } : {}) })))));
    },
  };
  const core = async (event: APIGatewayProxyEventV2, context: Context) => {
    void context;
    const auth = callers.get(event);
    if (!impl) throw new NotImplemented(`${route.id} is not built yet (domain ${route.domain})`);
    const params = parse('path', route.params, event.pathParameters ?? {});
    const query = parse('query', route.query, event.queryStringParameters ?? {});
    const hasBody = event.body !== undefined && event.body !== null && event.body !== '';
    const body = route.body ? parse('body', route.body, hasBody ? event.body : undefined) : undefined;
    // A teacher's change reaches this Lambda's students at once: it forgets the reads it shares (lib/recent.ts).
    const teacherWrite = route.access === 'admin' && route.method !== 'GET';
    try {
      return toResult(await impl({ body, params, query, auth, event, route } as Request<RouteId>));
    } finally {
      if (teacherWrite) forgetRecentReads();
    }
  };
  const h = middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>().use(httpHeaderNormalizer()).use(sessionFirst);
  if (route.body && route.multipart) {
    h.use(
      httpMultipartBodyParser({
        disableContentTypeError: false,
        busboy: { limits: { fileSize: IMAGE_MAX_BYTES * 2, files: 200, fields: 100 } },
      }) as never,
    );
  } else if (route.body) {
    h.use(httpJsonBodyParser({ disableContentTypeError: true }) as never);
  }
  return h.handler(core as never);
}

/**
 * The keys a route reads along the session, from its path as the schema parses it: none when the
 * path does not parse (the 400 comes later, from the stack) or naming them fails (the handler reads
 * them itself and meets the error there).
 */
async function alongKeys(along: AlongKeys, schema: z.ZodType | undefined, event: APIGatewayProxyEventV2, userId: string): Promise<ItemKey[]> {
  try {
    return await along({ params: parse('path', schema, event.pathParameters ?? {}), userId });
  } catch {
    return [];
  }
}

/** Static segments first, as API Gateway matches. */
const bySpecificity = (a: RouteDef, b: RouteDef) => b.path.split('/').filter((s) => !s.startsWith('{')).length - a.path.split('/').filter((s) => !s.startsWith('{')).length;

export function domainHandler(domain: Domain, impls: Handlers, gate: SessionGate) {
  const rows = routesOfDomain(domain).sort(bySpecificity);
  const router = httpRouterHandler<APIGatewayProxyEventV2, APIGatewayProxyResultV2>({
    routes: rows.map((r) => ({ method: r.method, path: r.path, handler: routeHandler(r, impls[r.id] as Handler<RouteId> | undefined, gate) as never })),
    notFoundResponse: ({ method, path }) => {
      throw new NotFound(`No route ${method} ${path}`);
    },
  });
  // onError handlers run last-registered first: the mapping below sets the response, then
  // requestLog writes the request's one log line with the status the caller gets.
  return middy<APIGatewayProxyEventV2, APIGatewayProxyResultV2>()
    .use(injectLambdaContext(logger))
    .use(requestLog(domain))
    // In AWS only what came through CloudFront gets further (403 origin.direct otherwise).
    .use(originGuard())
    .onError(async (request) => {
      const { status, body } = errorBody(request.error);
      const headers: Record<string, string> = body.retryAfter === undefined ? JSON_HEADERS : { ...JSON_HEADERS, 'retry-after': String(body.retryAfter) };
      request.response = { statusCode: status, headers, body: JSON.stringify(body) };
    })
    .handler(router as never);
}

/** The routes of a domain that still answer 501, for the gap report. */
export const unimplemented = (domain: Domain, impls: Handlers) => routesOfDomain(domain).filter((r) => !impls[r.id]);
