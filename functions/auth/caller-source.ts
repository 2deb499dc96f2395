import { isIPv6 } from 'node:net';
import { viewerAddress } from '../lib/origin-guard';

type SourceEvent = { requestContext?: { http?: { sourceIp?: string } }; headers?: Record<string, string | undefined> };

/**
 * Where a request comes from, for the per-source limits. In AWS, API Gateway's
 * `requestContext.http.sourceIp` is CloudFront's edge (every student would share one limit), so
 * the viewer's address CloudFront wrote is used, but only on a request that carries the origin
 * secret (functions/lib/origin-guard.ts: a direct caller cannot choose its own address). Locally
 * the gateway fills sourceIp with the caller's address. IPv4 as it is; IPv6 by its /64, since one
 * host is usually given a whole /64 and could otherwise change address at every try.
 */
export function sourceOf(event: SourceEvent): string {
  const raw = (viewerAddress(event) ?? event.requestContext?.http?.sourceIp ?? '').trim().toLowerCase();
  const ip = raw.startsWith('::ffff:') && raw.includes('.') ? raw.slice('::ffff:'.length) : raw;
  if (!isIPv6(ip)) return ip || 'unknown';
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
