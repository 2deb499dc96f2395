/**
 * CloudFront signed cookies for one video asset's HLS (issue 16): the playlists and segments under
 * /media/hls/<assetId>/ open only with them. A custom policy names the resource
 * `<site>/media/hls/<assetId>/*` and DateLessThan; the cookies are scoped to that path, so a
 * student's cookies for one video open no other. In AWS the key is the trusted key group's private
 * half in Secrets Manager (the same secret as media-urls' signed URLs); locally the platform makes a
 * key pair per data folder (MEDIA_COOKIE_PRIVATE_KEY) and its gateway checks the cookies as
 * CloudFront does (infra/local/hls-gate.ts). Same signer, same cookies, both worlds.
 */
import { getSignedCookies, getSignedUrl } from '@aws-sdk/cloudfront-signer';
import { hlsPrefixOf } from './media-layout';
import { keptOnce } from './kept-once';
import { cloudFrontSigningKey, parseSigningKey, type SigningKey, sitePath } from './media-urls';
import { env } from './env';

export const COOKIE_NAMES = { policy: 'CloudFront-Policy', signature: 'CloudFront-Signature', keyPairId: 'CloudFront-Key-Pair-Id' } as const;

/** The site path every file of the asset's HLS lives under: /media/hls/<assetId>/ (the cookies' Path). */
export const hlsSitePrefix = (assetId: string) => sitePath(hlsPrefixOf(assetId));

/** The custom policy: any file of the asset's HLS on this site, until `until`. */
export function playbackPolicy(siteUrl: string, assetId: string, until: Date): string {
  return JSON.stringify({
    Statement: [{ Resource: `${siteUrl.replace(/\/$/, '')}${hlsSitePrefix(assetId)}*`, Condition: { DateLessThan: { 'AWS:EpochTime': Math.floor(until.getTime() / 1000) } } }],
  });
}

/** The three cookies as Set-Cookie values (HTTP API payload 2.0 `cookies`). */
export function playbackCookies(key: SigningKey, siteUrl: string, assetId: string, until: Date): string[] {
  if (!key.keyPairId) throw new Error('CLOUDFRONT_KEY_PAIR_ID is not set');
  const signed = getSignedCookies({ keyPairId: key.keyPairId, privateKey: key.privateKey, policy: playbackPolicy(siteUrl, assetId, until) });
  const attributes = [
    `Path=${hlsSitePrefix(assetId)}`,
    `Expires=${until.toUTCString()}`,
    `Max-Age=${Math.max(0, Math.floor((until.getTime() - Date.now()) / 1000))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(siteUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');
  return [
    `${COOKIE_NAMES.policy}=${signed['CloudFront-Policy']}; ${attributes}`,
    `${COOKIE_NAMES.signature}=${signed['CloudFront-Signature']}; ${attributes}`,
    `${COOKIE_NAMES.keyPairId}=${signed['CloudFront-Key-Pair-Id']}; ${attributes}`,
  ];
}

// In AWS the signed URLs' key, read once per cold start for both (media-urls.ts); locally the platform's own.
const keptKey = keptOnce(async (): Promise<SigningKey> => {
  if (env.CLOUDFRONT_PRIVATE_KEY_SECRET) return cloudFrontSigningKey();
  if (env.MEDIA_COOKIE_PRIVATE_KEY) return parseSigningKey(env.MEDIA_COOKIE_PRIVATE_KEY, env.CLOUDFRONT_KEY_PAIR_ID);
  throw new Error('No key signs playback cookies: set CLOUDFRONT_PRIVATE_KEY_SECRET (AWS) or MEDIA_COOKIE_PRIVATE_KEY (local)');
});

/** The Set-Cookie values that open the asset's HLS on this site until `until`. */
export async function cookiesForAsset(assetId: string, until: Date): Promise<string[]> {
  return playbackCookies(await keptKey(), env.PUBLIC_URL, assetId, until);
}

/**
 * A lecture's poster as a signed URL (issue 14): the lecture page shows it as soon as the lecture's
 * data is here, without waiting for the playback start's cookies, so a phone paints the player's
 * picture a round trip and a render sooner. The URL opens that one file only (a canned policy: the
 * exact URL) and is handed out only with a video the viewer may play (catalogue/lectures.ts).
 *
 * It lasts at least POSTER_LINK_SECONDS, its expiry rounded up to a POSTER_LINK_WINDOW_SECONDS
 * boundary: within a window the whole class gets the same URL, signed once per warm Lambda and
 * cached by each browser, and an RSA signature is not paid on every lecture open.
 */
export const POSTER_LINK_SECONDS = 15 * 60;
export const POSTER_LINK_WINDOW_SECONDS = 5 * 60;

/** The poster link's expiry (epoch seconds) for a link made at `now`. */
export const posterLinkExpiry = (now: Date) => Math.ceil((now.getTime() / 1000 + POSTER_LINK_SECONDS) / POSTER_LINK_WINDOW_SECONDS) * POSTER_LINK_WINDOW_SECONDS;

/** The signed URL of `file` in the asset's HLS folder on this site until `expires` (epoch seconds). */
export function posterLink(key: SigningKey, siteUrl: string, assetId: string, file: string, expires: number): string {
  if (!key.keyPairId) throw new Error('CLOUDFRONT_KEY_PAIR_ID is not set');
  return getSignedUrl({
    url: `${siteUrl.replace(/\/$/, '')}${hlsSitePrefix(assetId)}${encodeURIComponent(file)}`,
    keyPairId: key.keyPairId,
    privateKey: key.privateKey,
    dateLessThan: new Date(expires * 1000).toISOString(),
  });
}

const links = new Map<string, string>();

/** The poster link (its path and query) of the asset's `file`, signed once per window (kept per warm Lambda, the expired ones dropped). */
export async function posterUrlFor(assetId: string, file: string, now = new Date()): Promise<string> {
  const expires = posterLinkExpiry(now);
  const id = `${expires} ${assetId}/${file}`;
  const kept = links.get(id);
  if (kept) return kept;
  // Signed for the site's full URL (as CloudFront matches it), handed out from the path on: the page
  // asks its own origin, whatever address it was opened at (the CSP's img-src 'self').
  const site = env.PUBLIC_URL.replace(/\/$/, '');
  const link = posterLink(await keptKey(), site, assetId, file, expires).slice(site.length);
  for (const old of links.keys()) if (Number(old.slice(0, old.indexOf(' '))) * 1000 <= now.getTime()) links.delete(old);
  links.set(id, link);
  return link;
}
