/**
 * Playback cookies (issue 16): what functions/lib/media-cookies.ts signs with @aws-sdk/cloudfront-signer,
 * and infra/local/hls-gate.ts's check of them as CloudFront checks signed cookies.
 */
import { getSignedCookies } from '@aws-sdk/cloudfront-signer';
import { generateKeyPairSync } from 'node:crypto';
import { COOKIE_NAMES, playbackCookies, playbackPolicy, POSTER_LINK_SECONDS, POSTER_LINK_WINDOW_SECONDS, posterLink, posterLinkExpiry } from '../../functions/lib/media-cookies';
import { cookiesOf, fromCloudFrontBase64, hlsCacheControl, hlsContentType, keyGroup, playbackAccessProblem, resourcePattern, signedCookieProblem, signedUrlProblem } from '../../infra/local/hls-gate';

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs8', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } });
const ours = pair();
const SITE = 'http://localhost:3000';
const KEY = { keyPairId: 'K2TEST', privateKey: ours.privateKey };
const keys = keyGroup([{ keyPairId: 'K2TEST', publicKey: ours.publicKey }]);
const ASSET = '01JABCDEFGHJKMNPQRSTVWXYZ0';
const inAnHour = () => new Date(Date.now() + 3600_000);

/** The cookies as the browser sends them back (name → value). */
const jarOf = (setCookies: string[]) => cookiesOf({ headers: { cookie: setCookies.map((c) => c.split(';')[0]).join('; ') } });
const url = (p: string) => `${SITE}/media/hls/${ASSET}/${p}`;

describe('playbackCookies (the signer)', () => {
  it('signs a custom policy for the asset folder on this site until the given time', () => {
    const until = inAnHour();
    const policy = JSON.parse(playbackPolicy(`${SITE}/`, ASSET, until));
    expect(policy).toEqual({ Statement: [{ Resource: `${SITE}/media/hls/${ASSET}/*`, Condition: { DateLessThan: { 'AWS:EpochTime': Math.floor(until.getTime() / 1000) } } }] });
    const jar = jarOf(playbackCookies(KEY, SITE, ASSET, until));
    expect(JSON.parse(fromCloudFrontBase64(jar.get(COOKIE_NAMES.policy)!).toString())).toEqual(policy);
    expect(jar.get(COOKIE_NAMES.keyPairId)).toBe('K2TEST');
    // CloudFront's cookie-safe base64: no + = /
    for (const v of jar.values()) expect(v).not.toMatch(/[+=/]/);
  });

  it('scopes each cookie to the asset path, HttpOnly, SameSite=Lax, expiring with the policy; Secure on an https site', () => {
    const until = inAnHour();
    for (const c of playbackCookies(KEY, SITE, ASSET, until)) {
      expect(c).toContain(`; Path=/media/hls/${ASSET}/; Expires=${until.toUTCString()}; Max-Age=`);
      expect(c).toMatch(/; HttpOnly; SameSite=Lax$/);
    }
    for (const c of playbackCookies(KEY, 'https://bioscope.example', ASSET, until)) expect(c).toMatch(/; Secure$/);
  });

  it('needs a key pair id', () => {
    expect(() => playbackCookies({ keyPairId: '', privateKey: ours.privateKey }, SITE, ASSET, inAnHour())).toThrow(/CLOUDFRONT_KEY_PAIR_ID/);
  });
});

describe('signedCookieProblem (the local CloudFront check)', () => {
  const good = () => jarOf(playbackCookies(KEY, SITE, ASSET, inAnHour()));

  it('opens every file of the asset, query strings included', () => {
    for (const p of ['master.m3u8', '240p/index.m3u8', '240p/seg_000.ts', '240p/seg_000.ts?x=1']) expect(signedCookieProblem(good(), url(p), keys)).toBeUndefined();
  });

  it('opens no other asset, no sibling whose id starts the same, no other site', () => {
    expect(signedCookieProblem(good(), `${SITE}/media/hls/01JOTHERASSET0000000000000/master.m3u8`, keys)).toMatch(/do not open this video/);
    expect(signedCookieProblem(good(), `${SITE}/media/hls/${ASSET}X/master.m3u8`, keys)).toMatch(/do not open/);
    expect(signedCookieProblem(good(), `${SITE}/media/hls/${ASSET}`, keys)).toMatch(/do not open/);
    expect(signedCookieProblem(good(), `http://evil.example/media/hls/${ASSET}/master.m3u8`, keys)).toMatch(/do not open/);
  });

  it('refuses missing cookies, an unknown key pair, another key, a changed policy or signature', () => {
    const jar = good();
    for (const name of Object.values(COOKIE_NAMES)) {
      const less = new Map(jar);
      less.delete(name);
      expect(signedCookieProblem(less, url('master.m3u8'), keys)).toMatch(/cookies are required/);
    }
    expect(signedCookieProblem(new Map([...jar, [COOKIE_NAMES.keyPairId, 'K2OTHER']]), url('master.m3u8'), keys)).toMatch(/unknown key/);
    const other = pair();
    expect(signedCookieProblem(jarOf(playbackCookies({ keyPairId: 'K2TEST', privateKey: other.privateKey }, SITE, ASSET, inAnHour())), url('master.m3u8'), keys)).toMatch(/signature/);
    // The policy widened to every asset, re-encoded, the signature kept.
    const widened = Buffer.from(JSON.stringify({ Statement: [{ Resource: `${SITE}/media/hls/*`, Condition: { DateLessThan: { 'AWS:EpochTime': 4102444800 } } }] }))
      .toString('base64')
      .replace(/\+/g, '-')
      .replace(/=/g, '_')
      .replace(/\//g, '~');
    expect(signedCookieProblem(new Map([...jar, [COOKIE_NAMES.policy, widened]]), url('master.m3u8'), keys)).toMatch(/signature/);
    const sig = jar.get(COOKIE_NAMES.signature)!;
    expect(signedCookieProblem(new Map([...jar, [COOKIE_NAMES.signature, `${sig.slice(0, -4)}AAAA`]]), url('master.m3u8'), keys)).toMatch(/signature/);
    expect(signedCookieProblem(new Map([...jar, [COOKIE_NAMES.signature, '%%%']]), url('master.m3u8'), keys)).toMatch(/signature/);
  });

  it('refuses once DateLessThan has passed, and before DateGreaterThan', () => {
    const until = new Date(Date.now() + 10_000);
    const jar = jarOf(playbackCookies(KEY, SITE, ASSET, until));
    expect(signedCookieProblem(jar, url('master.m3u8'), keys, until.getTime() - 1000)).toBeUndefined();
    expect(signedCookieProblem(jar, url('master.m3u8'), keys, Math.floor(until.getTime() / 1000) * 1000)).toMatch(/expired/);
    // A policy signed with a start date in the future (not ours, but CloudFront honours it).
    const later = getSignedCookies({
      ...KEY,
      policy: JSON.stringify({ Statement: [{ Resource: `${SITE}/media/hls/${ASSET}/*`, Condition: { DateLessThan: { 'AWS:EpochTime': 4102444800 }, DateGreaterThan: { 'AWS:EpochTime': Math.floor(Date.now() / 1000) + 600 } } }] }),
    });
    const laterJar = new Map(Object.entries(later).map(([k, v]) => [k, String(v)]));
    expect(signedCookieProblem(laterJar, url('master.m3u8'), keys)).toMatch(/not valid yet/);
    expect(signedCookieProblem(laterJar, url('master.m3u8'), keys, Date.now() + 700_000)).toBeUndefined();
  });

  it('refuses an IP-bound policy (the gateway cannot check it as CloudFront would)', () => {
    const bound = getSignedCookies({ ...KEY, policy: JSON.stringify({ Statement: [{ Resource: `${SITE}/media/hls/${ASSET}/*`, Condition: { DateLessThan: { 'AWS:EpochTime': 4102444800 }, IpAddress: { 'AWS:SourceIp': '10.0.0.1/32' } } }] }) });
    expect(signedCookieProblem(new Map(Object.entries(bound).map(([k, v]) => [k, String(v)])), url('master.m3u8'), keys)).toMatch(/IP-bound/);
  });
});

describe('the poster link (a signed URL for one file) and its local check', () => {
  const POSTER = 'poster.0000001.jpg';
  const inSeconds = (s: number) => Math.floor(Date.now() / 1000) + s;
  const link = (expires = inSeconds(900), key = KEY) => posterLink(key, SITE, ASSET, POSTER, expires);

  it('opens its one file, without cookies, as CloudFront opens a canned-policy URL', () => {
    const signed = link();
    expect(signed.startsWith(`${url(POSTER)}?Expires=`)).toBe(true);
    expect(signed).toMatch(/&Key-Pair-Id=K2TEST&Signature=[\w~-]+$/);
    expect(signedUrlProblem(signed, keys)).toBeUndefined();
    expect(playbackAccessProblem(new Map(), signed, keys)).toBeUndefined();
  });

  it('opens nothing else: another file, another asset, another site, another query', () => {
    const signed = link();
    const query = signed.slice(signed.indexOf('?'));
    expect(signedUrlProblem(`${url('240p/seg_000.ts')}${query}`, keys)).toMatch(/signature/);
    expect(signedUrlProblem(`${url('master.m3u8')}${query}`, keys)).toMatch(/signature/);
    expect(signedUrlProblem(`${SITE}/media/hls/01JOTHERASSET0000000000000/${POSTER}${query}`, keys)).toMatch(/signature/);
    expect(signedUrlProblem(signed.replace(SITE, 'http://evil.example'), keys)).toMatch(/signature/);
    expect(signedUrlProblem(signed.replace('?', '?x=1&'), keys)).toMatch(/signature/);
    // A longer life written into the link breaks its signature.
    expect(signedUrlProblem(signed.replace(/Expires=\d+/, `Expires=${inSeconds(86400)}`), keys)).toMatch(/signature/);
  });

  it('refuses an expired link, another key, an unknown key pair, a link without its parts', () => {
    const expired = link(inSeconds(10));
    expect(signedUrlProblem(expired, keys, Date.now() + 11_000)).toMatch(/expired/);
    expect(signedUrlProblem(link(inSeconds(900), { keyPairId: 'K2TEST', privateKey: pair().privateKey }), keys)).toMatch(/signature/);
    expect(signedUrlProblem(link().replace('Key-Pair-Id=K2TEST', 'Key-Pair-Id=K2OTHER'), keys)).toMatch(/unknown key/);
    expect(signedUrlProblem(link().replace(/&Signature=[^&]+/, ''), keys)).toMatch(/not signed/);
    expect(signedUrlProblem(link().replace(/Expires=\d+&/, ''), keys)).toMatch(/not signed/);
    expect(signedUrlProblem(link().replace(/Expires=\d+/, 'Expires=soon'), keys)).toMatch(/expiry/);
    // A broken escape is a clear refusal, not a thrown error (the gateway would answer 500).
    expect(signedUrlProblem(link().replace('Key-Pair-Id=K2TEST', 'Key-Pair-Id=%E0%A4%A'), keys)).toMatch(/malformed/);
    expect(signedUrlProblem(`${link()}&%E0%A4%A=1`, keys)).toMatch(/malformed/);
  });

  it('is judged on its own: a signed URL with good cookies beside it but a bad signature is refused', () => {
    const cookies = jarOf(playbackCookies(KEY, SITE, ASSET, inAnHour()));
    expect(playbackAccessProblem(cookies, link().replace(/Signature=[^&]+/, 'Signature=AAAA'), keys)).toMatch(/signature/);
    // Without a signed URL's parameters the cookies are what counts.
    expect(playbackAccessProblem(cookies, url(POSTER), keys)).toBeUndefined();
    expect(playbackAccessProblem(new Map(), url(POSTER), keys)).toMatch(/cookies are required/);
  });

  it('expires at least POSTER_LINK_SECONDS on, rounded up to a window: one link per window for the whole class', () => {
    for (const at of [0, 1, 299, 300, 301, 12_345]) {
      const now = new Date(Date.UTC(2026, 10, 28, 12, 0, 0) + at * 1000);
      const expires = posterLinkExpiry(now);
      expect(expires % POSTER_LINK_WINDOW_SECONDS).toBe(0);
      expect(expires * 1000 - now.getTime()).toBeGreaterThanOrEqual(POSTER_LINK_SECONDS * 1000);
      expect(expires * 1000 - now.getTime()).toBeLessThan((POSTER_LINK_SECONDS + POSTER_LINK_WINDOW_SECONDS) * 1000);
    }
    const start = Date.UTC(2026, 10, 28, 12, 0, 1);
    expect(posterLinkExpiry(new Date(start))).toBe(posterLinkExpiry(new Date(start + 298_000)));
  });
});

describe('the gate’s small parts', () => {
  it('matches Resource wildcards as CloudFront does: * any run, ? one character, the rest literal', () => {
    expect(resourcePattern('https://a.b/media/hls/X/*').test('https://a.b/media/hls/X/240p/seg.ts')).toBe(true);
    expect(resourcePattern('https://a.b/media/hls/X/*').test('https://aXb/media/hls/X/240p/seg.ts')).toBe(false);
    expect(resourcePattern('https://a.b/media/hls/?/x').test('https://a.b/media/hls/Y/x')).toBe(true);
    expect(resourcePattern('https://a.b/media/hls/?/x').test('https://a.b/media/hls/YY/x')).toBe(false);
  });

  it('reads the first cookie of each name', () => {
    expect([...cookiesOf({ headers: { cookie: 'a=1; b=x=y; a=2; junk' } })]).toEqual([
      ['a', '1'],
      ['b', 'x=y'],
    ]);
  });

  it('gives playlists and segments their HLS types and private caching', () => {
    expect(hlsContentType('hls/A/master.m3u8')).toBe('application/vnd.apple.mpegurl');
    expect(hlsContentType('hls/A/240p/seg_000.ts')).toBe('video/mp2t');
    expect(hlsContentType('hls/A/readme')).toBeUndefined();
    expect(hlsCacheControl('hls/A/master.m3u8')).toBe('private, max-age=60');
    expect(hlsCacheControl('hls/A/240p/seg_000.ts')).toBe('private, max-age=86400, immutable');
  });
});
