/**
 * The API answers only what came through the site's CloudFront distribution. CloudFront adds the
 * header ORIGIN_VERIFY_HEADER with a secret value to every /api request (infra/stacks/site-stack.ts);
 * the Lambdas get the same value as ORIGIN_VERIFY and refuse anything else with a 403 `origin.direct`,
 * so the execute-api URL called directly answers nothing useful. Unset (the local platform, unless
 * configured), every request passes: the one handler path is the same, only the check is off.
 *
 * On a request that passed, CloudFront also wrote the viewer's address into VIEWER_ADDRESS_HEADER
 * (a CloudFront Function, replacing any value the browser sent): the per-source limits read it
 * (functions/auth/caller-source.ts), since API Gateway's own sourceIp is then CloudFront's.
 */
import { timingSafeEqual } from 'node:crypto';
import type middy from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyResultV2 } from 'aws-lambda';
import { env } from './env';
import { Forbidden } from './errors';

export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

type HeaderEvent = { headers?: Record<string, string | undefined> };

/** A header by its name in any case (API Gateway lowercases them; a test or a proxy might not). */
function header(event: HeaderEvent, name: string): string | undefined {
  const headers = event.headers ?? {};
  if (headers[name] !== undefined) return headers[name];
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : headers[key];
}

const sameSecret = (got: string, expected: string) => {
  const a = Buffer.from(got);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** Whether the check is on (ORIGIN_VERIFY set): in AWS always. */
export const originGuardOn = () => env.ORIGIN_VERIFY !== '';

/** True when the request carries the origin secret, or when the check is off. */
export function cameThroughSite(event: HeaderEvent): boolean {
  if (!originGuardOn()) return true;
  const got = header(event, ORIGIN_VERIFY_HEADER);
  return got !== undefined && sameSecret(got, env.ORIGIN_VERIFY);
}

/** The viewer's address CloudFront wrote, only on a request proven to come through CloudFront; else undefined. */
export function viewerAddress(event: HeaderEvent): string | undefined {
  if (!originGuardOn() || !cameThroughSite(event)) return undefined;
  return header(event, VIEWER_ADDRESS_HEADER)?.trim() || undefined;
}

/** The middleware: first in every domain's stack (functions/lib/http.ts), before the router and the session gate. */
export function originGuard(): middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyResultV2> {
  return {
    before: (request) => {
      if (!cameThroughSite(request.event)) throw new Forbidden('This API is served only through the site', 'origin.direct');
    },
  };
}
