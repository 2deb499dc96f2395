/**
 * The Lambdas' one logger: Powertools for AWS Lambda's Logger, one JSON object a line.
 * `domainHandler` (http.ts) adds `injectLambdaContext` and `requestLog`, so every request writes
 * exactly one line: route id, op, status, latency in ms, user id (the token's `sub`), the API
 * Gateway request id, the viewer's address (the API's access log, joined by that request id, only
 * knows CloudFront's) — plus the error with its stack and cause on a 5xx, or its name and message
 * (no stack) on a 4xx. Anywhere else under functions/, log with `logger.warn('…', { error })`;
 * never with console.
 *
 * Nothing secret is written: every line goes through `redactReplacer` — keys that name a password,
 * token, secret, authorization, cookie or reset code print `[redacted]`, and JWTs, bearer tokens
 * and `token=`/`code=`/`clientSecret=`/`hmac=` query values are cut out of any string (messages and stacks included).
 *
 * Locally the gateway runs this same code with LOG_FORMAT=compact and LOG_LEVEL=WARN (quiet:
 * errors only); `LOG_REQUESTS=1 npm start` prints one readable line per request (README).
 */
import { Logger, LogLevelThreshold } from '@aws-lambda-powertools/logger';
import type { LogItem } from '@aws-lambda-powertools/logger';
import type { MiddlewareObj, Request } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { ROUTES, matchRoute } from '../../shared/routes';
import { env } from './env';
import { viewerAddress } from './origin-guard';

const REDACTED = '[redacted]';
/** Keys whose value is never written, at any depth. */
const SECRET_KEY = /pass(word|wd)?$|passwords?[A-Z_]|token|secret|authori[sz]ation|cookie|otp$|hmac|api[-_]?key|credential|private[-_]?key/i;
/** A code key (`code`, `resetCode`, `verificationCode` …) is redacted when its value looks like a one-time code (reset codes are 6 digits). */
const CODE_KEY = /^(code|\w*(reset|verif\w*|otp|auth\w*|activation|confirm\w*)[-_]?code)$/i;
const ONE_TIME_CODE = /^\s*\d{4,8}\s*$/;
const SCRUB: [RegExp, string][] = [
  [/eyJ[\w-]{4,}\.[\w-]{4,}\.[\w-]*/g, REDACTED], // JWTs
  [/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`],
  [/([?&;\s](?:token|code|password|state|id_token|access_token|refresh_token|client_?secret|hmac)=)[^&\s"';]+/gi, `$1${REDACTED}`],
];

export const scrubText = (s: string) => SCRUB.reduce((acc, [re, to]) => acc.replace(re, to), s);

/** The JSON replacer every log line goes through (exported for the test). */
export function redactReplacer(key: string, value: unknown): unknown {
  if (key && SECRET_KEY.test(key) && value !== undefined && value !== null && value !== '') return REDACTED;
  if (key && CODE_KEY.test(key) && (typeof value === 'number' || (typeof value === 'string' && ONE_TIME_CODE.test(value)))) return REDACTED;
  if (typeof value === 'string') return scrubText(value);
  return value;
}

/** `redactReplacer` applied to a whole value, as the logger writes it. */
export const redact = <T>(value: T): T => JSON.parse(JSON.stringify(value, redactReplacer) ?? 'null') as T;

/**
 * Same logger; LOG_FORMAT=compact prints each line as a person reads it (the local platform):
 * `12:04:05 INFO  GET /api/cours/all 200 12ms listCourses user=01J…`, an error's stack below it.
 */
const STANDARD_KEYS = new Set(['level', 'message', 'timestamp', 'service', 'cold_start', 'function_arn', 'function_memory_size', 'function_name', 'function_request_id', 'sampling_rate', 'xray_trace_id', 'error']);

class BioscopeLogger extends Logger {
  protected override printLog(logLevel: number, log: LogItem): void {
    if (env.LOG_FORMAT !== 'compact') return super.printLog(logLevel, log);
    const a = JSON.parse(JSON.stringify(log.getAttributes(), this.getJsonReplacer() as (k: string, v: unknown) => unknown)) as Record<string, unknown>;
    const level = String(a.level ?? '').padEnd(5);
    const time = String(a.timestamp ?? '').slice(11, 19);
    const { route, status, latencyMs, op, userId, error, message } = a as Record<string, unknown> & { error?: { name?: string; message?: string; stack?: string; cause?: unknown } };
    const extra = Object.entries(a)
      .filter(([k]) => !STANDARD_KEYS.has(k))
      .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
      .join(' ');
    const head = route ? `${route} ${status} ${latencyMs}ms ${op ?? ''}${userId ? ` user=${userId}` : ''}` : `${String(message)}${extra ? ` ${extra}` : ''}`;
    const err = error ? (error.stack ?? `${error.name}: ${error.message}`) + (error.cause ? `\n  cause: ${JSON.stringify(error.cause)}` : '') : '';
    const line = `${time} ${level} ${head}${err ? `\n${err.replace(/^/gm, '    ')}` : ''}\n`;
    (logLevel >= LogLevelThreshold.WARN ? process.stderr : process.stdout).write(line);
  }
}

export const logger: Logger = new BioscopeLogger({
  serviceName: env.POWERTOOLS_SERVICE_NAME,
  logLevel: env.LOG_LEVEL,
  jsonReplacerFn: redactReplacer as (key: string, value: unknown) => unknown as never,
});

type Req = Request<APIGatewayProxyEventV2, APIGatewayProxyResultV2>;

/** The verified token's subject: API Gateway's JWT authorizer (or the local gateway) put the claims there. */
const userIdOf = (event: APIGatewayProxyEventV2) => {
  const sub = (event.requestContext as { authorizer?: { jwt?: { claims?: { sub?: unknown } } } } | undefined)?.authorizer?.jwt?.claims?.sub;
  return typeof sub === 'string' ? sub : undefined;
};

const routeOf = (event: APIGatewayProxyEventV2) => {
  const byKey = ROUTES.find((r) => r.id === event.routeKey);
  if (byKey) return byKey;
  const http = event.requestContext?.http;
  return http ? matchRoute(http.method, http.path)?.route : undefined;
};

/** What a 4xx says about itself (no stack: it is the caller's mistake, not ours). */
const brief = (e: unknown) => (e instanceof Error ? { name: e.name, message: e.message } : { message: String(e) });

/** One line per request, written when the response is known (after the error mapping on a failure). */
export function requestLog(domain: string): MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> {
  const started = new WeakMap<object, number>();
  const write = (request: Req) => {
    const { event, response, error } = request;
    const status = typeof response === 'object' && response && 'statusCode' in response ? (response.statusCode ?? 200) : error ? 500 : 200;
    const route = routeOf(event);
    const t0 = started.get(request);
    const line = {
      domain,
      route: route?.id ?? `${event.requestContext?.http?.method ?? '?'} (no route)`,
      op: route?.op,
      status,
      latencyMs: t0 === undefined ? undefined : Math.round(performance.now() - t0),
      userId: userIdOf(event),
      requestId: event.requestContext?.requestId,
      // The address CloudFront wrote (on a request carrying the origin secret), else the caller's own.
      viewer: viewerAddress(event) ?? event.requestContext?.http?.sourceIp,
    };
    if (status === 501) logger.warn('request to a route not built yet', { ...line, error: brief(error) });
    else if (status >= 500) logger.error('request failed', { ...line, error: error ?? new Error('5xx without an error') });
    else if (error) logger.info('request refused', { ...line, error: brief(error) });
    else logger.info('request', line);
  };
  return {
    before: (request) => {
      started.set(request, performance.now());
    },
    after: write,
    onError: write,
  };
}
