/**
 * The local stand-in for CloudFront's /media/hls/* behaviour with a trusted key group: a playlist or
 * segment is served only with the three signed cookies (CloudFront-Policy, -Signature, -Key-Pair-Id),
 * or through a signed URL (Expires or Policy, Signature, Key-Pair-Id: a lecture's poster),
 * checked as CloudFront checks them — the policy is CloudFront's URL-safe base64 (-_~ for +=/) of a
 * JSON policy, the signature RSA-SHA1 over the policy with the public key of the named key pair, the
 * Resource (wildcards * and ?) matches the full URL, DateLessThan not passed, DateGreaterThan reached.
 * The Lambdas sign with @aws-sdk/cloudfront-signer (functions/lib/media-cookies.ts), the same call as in AWS.
 */
import { createPublicKey, createVerify, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';

/** The local key pair's id, as CloudFront names a public key of the key group. */
export const LOCAL_KEY_PAIR_ID = 'K2LOCALPLAYBACK';

export interface PlaybackKeyPair {
  keyPairId: string;
  privateKey: string;
  publicKey: string;
}

/** The data folder's key pair (made once and kept, so cookies issued before a restart still verify). */
export function playbackKeyPairFor(dataDir: string): PlaybackKeyPair {
  const file = path.join(dataDir, 'playback-key.json');
  try {
    const kept = JSON.parse(fs.readFileSync(file, 'utf8')) as PlaybackKeyPair;
    if (kept.keyPairId && kept.privateKey && kept.publicKey) return kept;
  } catch {
    // none yet (or unreadable): make one
  }
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } });
  const pair = { keyPairId: LOCAL_KEY_PAIR_ID, privateKey, publicKey };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(pair), { mode: 0o600 });
  return pair;
}

/** CloudFront's URL-safe base64 back to bytes: - → +, _ → =, ~ → /. */
export const fromCloudFrontBase64 = (s: string) => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '=').replace(/~/g, '/'), 'base64');

/** A CloudFront Resource pattern as a regular expression: * any run of characters, ? exactly one. */
export const resourcePattern = (resource: string) => new RegExp(`^${resource.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`, 's');

/** The request's cookies by name (the first of each name: the browser sends the longest Path first). */
export function cookiesOf(req: Pick<IncomingMessage, 'headers'>): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (req.headers.cookie ?? '').split(/;\s*/)) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!out.has(name)) out.set(name, part.slice(at + 1).trim());
  }
  return out;
}

interface Policy {
  Statement?: { Resource?: unknown; Condition?: { DateLessThan?: { 'AWS:EpochTime'?: unknown }; DateGreaterThan?: { 'AWS:EpochTime'?: unknown }; IpAddress?: unknown } }[];
}

/** A CloudFront signature's three parts: the policy (its bytes), its signature and the key pair it names. */
interface Signed {
  policyBytes: Buffer;
  signature64: string;
  keyPairId: string;
}

/** Why `signed` does not open `url`, or undefined when it does; `what` names the credential in the messages. */
function policyProblem({ policyBytes, signature64, keyPairId }: Signed, url: string, keys: ReadonlyMap<string, KeyObject>, now: number, what: 'cookies' | 'link'): string | undefined {
  const key = keys.get(keyPairId);
  const The = what === 'cookies' ? 'The cookies are' : 'The link is';
  if (!key) return `${The} signed with an unknown key`;
  const verifier = createVerify('RSA-SHA1');
  verifier.update(policyBytes);
  const valid = (() => {
    try {
      return verifier.verify(key, fromCloudFrontBase64(signature64));
    } catch {
      return false;
    }
  })();
  if (!valid) return what === 'cookies' ? 'The cookies do not match their signature' : 'The link does not match its signature';
  let policy: Policy;
  try {
    policy = JSON.parse(policyBytes.toString('utf8')) as Policy;
  } catch {
    return 'The policy is not JSON';
  }
  const statement = policy.Statement?.length === 1 ? policy.Statement[0]! : undefined;
  const resource = statement?.Resource;
  const lessThan = statement?.Condition?.DateLessThan?.['AWS:EpochTime'];
  const greaterThan = statement?.Condition?.DateGreaterThan?.['AWS:EpochTime'];
  if (typeof resource !== 'string' || typeof lessThan !== 'number') return 'The policy needs one statement with a Resource and DateLessThan';
  // The local gateway does not know the viewer's public address as CloudFront does: an IP-bound policy is not ours.
  if (statement?.Condition?.IpAddress !== undefined) return 'IP-bound policies are not issued here';
  if (now >= lessThan * 1000) return what === 'cookies' ? 'The playback cookies have expired: start the video again' : 'The link has expired: open the lecture again';
  if (typeof greaterThan === 'number' && now < greaterThan * 1000) return `${The} not valid yet`;
  if (!resourcePattern(resource).test(url)) return what === 'cookies' ? 'The cookies do not open this video' : 'The link does not open this file';
  return undefined;
}

/**
 * Why the cookies do not open `url` (the full URL as requested: site origin + raw path and query),
 * or undefined when they do. `keys`: the key group's public keys by key pair id.
 */
export function signedCookieProblem(cookies: Map<string, string>, url: string, keys: ReadonlyMap<string, KeyObject>, now = Date.now()): string | undefined {
  const policy64 = cookies.get('CloudFront-Policy');
  const signature64 = cookies.get('CloudFront-Signature');
  const keyPairId = cookies.get('CloudFront-Key-Pair-Id');
  if (!policy64 || !signature64 || !keyPairId) return 'Playback cookies are required: start the video from its lecture';
  return policyProblem({ policyBytes: fromCloudFrontBase64(policy64), signature64, keyPairId }, url, keys, now, 'cookies');
}

/** The query parameters CloudFront reads as a signed URL's own (and leaves out of the URL it matches). */
const SIGNED_URL_PARAMS = new Set(['Expires', 'Policy', 'Signature', 'Key-Pair-Id', 'Hash-Algorithm']);

/** Does `url` carry a signed URL's parameters (CloudFront then judges the URL, not the cookies)? */
export const isSignedUrl = (url: string) => /[?&]Signature=/.test(url) && /[?&]Key-Pair-Id=/.test(url);

/**
 * Why the signed URL `url` (as requested: site origin + raw path and query) does not open itself, or
 * undefined when it does. A canned policy (Expires) is rebuilt from the URL without the signing
 * parameters, as CloudFront and @aws-sdk/cloudfront-signer build it; a custom one (Policy) is read.
 */
export function signedUrlProblem(url: string, keys: ReadonlyMap<string, KeyObject>, now = Date.now()): string | undefined {
  const at = url.indexOf('?');
  const pairs = at < 0 ? [] : url.slice(at + 1).split('&');
  const own = new Map<string, string>();
  const rest: string[] = [];
  const decoded = (part: string) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return undefined;
    }
  };
  for (const pair of pairs) {
    const name = decoded(pair.split('=')[0]!);
    if (name === undefined) return 'The link is malformed';
    if (!SIGNED_URL_PARAMS.has(name)) {
      if (pair) rest.push(pair);
      continue;
    }
    const value = decoded(pair.slice(pair.indexOf('=') + 1));
    if (value === undefined) return 'The link is malformed';
    own.set(name, value);
  }
  const signature64 = own.get('Signature');
  const keyPairId = own.get('Key-Pair-Id');
  const expires = own.get('Expires');
  const policy64 = own.get('Policy');
  if (!signature64 || !keyPairId || (!expires && !policy64)) return 'The link is not signed: open the lecture again';
  if (own.has('Hash-Algorithm')) return 'Only SHA-1 signed links are issued here';
  const resource = (at < 0 ? url : url.slice(0, at)) + (rest.length ? `?${rest.join('&')}` : '');
  if (policy64) return policyProblem({ policyBytes: fromCloudFrontBase64(policy64), signature64, keyPairId }, resource, keys, now, 'link');
  if (!/^\d+$/.test(expires!)) return 'The link has no valid expiry';
  const canned = JSON.stringify({ Statement: [{ Resource: resource, Condition: { DateLessThan: { 'AWS:EpochTime': Number(expires) } } }] });
  return policyProblem({ policyBytes: Buffer.from(canned), signature64, keyPairId }, resource, keys, now, 'link');
}

/** As CloudFront's behaviour with a trusted key group: a signed URL is judged on its own; otherwise the cookies. */
export const playbackAccessProblem = (cookies: Map<string, string>, url: string, keys: ReadonlyMap<string, KeyObject>, now = Date.now()) =>
  isSignedUrl(url) ? signedUrlProblem(url, keys, now) : signedCookieProblem(cookies, url, keys, now);

/** The public keys of a key group, as the gateway holds them. */
export const keyGroup = (pairs: { keyPairId: string; publicKey: string }[]) => new Map(pairs.map((p) => [p.keyPairId, createPublicKey(p.publicKey)]));

/** Content types of an HLS ladder's files and its poster (s3rver gives back what the writer stored, if anything). */
export function hlsContentType(key: string): string | undefined {
  if (key.endsWith('.m3u8')) return 'application/vnd.apple.mpegurl';
  if (key.endsWith('.ts')) return 'video/mp2t';
  if (key.endsWith('.m4s') || key.endsWith('.mp4')) return 'video/mp4';
  if (key.endsWith('.aac')) return 'audio/aac';
  if (key.endsWith('.vtt')) return 'text/vtt; charset=utf-8';
  if (key.endsWith('.jpg')) return 'image/jpeg';
  return undefined;
}

/**
 * Playlists may be read again soon (a live master would change; ours do not once ready), segments
 * never change: both private (each student's cookies open them), segments kept long.
 */
export const hlsCacheControl = (key: string) => (key.endsWith('.m3u8') ? 'private, max-age=60' : 'private, max-age=86400, immutable');
