import { isIPv6 } from 'node:net';

type SourceEvent = { requestContext?: { http?: { sourceIp?: string } } };

/**
 * Where a request comes from, for the per-source limits: API Gateway's `requestContext.http.sourceIp`
 * (the local gateway fills it the same way). IPv4 as it is; IPv6 by its /64, since one host is
 * usually given a whole /64 and could otherwise change address at every try.
 */
export function sourceOf(event: SourceEvent): string {
  const raw = (event.requestContext?.http?.sourceIp ?? '').trim().toLowerCase();
  const ip = raw.startsWith('::ffff:') && raw.includes('.') ? raw.slice('::ffff:'.length) : raw;
  if (!isIPv6(ip)) return ip || 'unknown';
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}
