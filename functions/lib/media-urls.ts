/**
 * The MediaUrls port: short-lived playback URLs for objects of the media bucket.
 * In AWS (MEDIA_URLS=cloudfront) CloudFront signed URLs for /media/<key> on the site's own
 * domain, signed with the key pair whose private half lives in Secrets Manager; locally
 * (MEDIA_URLS=s3) s3rver presigned GETs. Both serve Range requests, so the player can seek.
 *
 * Uploads are presigned S3 PUTs in both worlds (the browser sends the file straight to the bucket).
 */
import { GetObjectCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { getSignedUrl as signCloudFront } from '@aws-sdk/cloudfront-signer';
import { getSignedUrl as presignS3 } from '@aws-sdk/s3-request-presigner';
import { s3Public } from './aws';
import { env } from './env';
import { keyFingerprint } from './key-fingerprint';
import { sdkOptions } from './sdk-options';
import { keptOnce } from './kept-once';

export interface MediaUrls {
  /** A URL that GETs the object `key` (e.g. videos/…) for `expiresInSeconds`. */
  playbackUrl(key: string, expiresInSeconds: number): Promise<string>;
}

/** A key's path on the site: the CloudFront behaviour /media/* maps it to the bucket. */
export const sitePath = (key: string) => `/media/${key.split('/').map(encodeURIComponent).join('/')}`;

export const s3MediaUrls: MediaUrls = {
  playbackUrl: (key, expiresIn) => presignS3(s3Public, new GetObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key }), { expiresIn }),
};

export interface SigningKey {
  keyPairId: string;
  privateKey: string;
}

/**
 * The secret holds the PEM private key, or JSON {keyPairId?, privateKey}. The key pair id is the one
 * written in the secret, else the id `keyPairIds` (fingerprint → id of every key the key group trusts,
 * CLOUDFRONT_KEY_PAIR_IDS) gives the private key's public half, else the env's. By the fingerprint the
 * id follows the key in the secret during a rotation (docs/deploy.md), and a key CloudFront does not
 * trust fails here rather than signing URLs that CloudFront refuses.
 */
export function parseSigningKey(secret: string, defaultKeyPairId: string, keyPairIds: Record<string, string> = {}): SigningKey {
  const trimmed = secret.trim();
  const json = trimmed.startsWith('{') ? (JSON.parse(trimmed) as { keyPairId?: string; privateKey?: string }) : undefined;
  if (json && !json.privateKey) throw new Error('the CloudFront key secret has no privateKey');
  const privateKey = (json?.privateKey ?? trimmed).replace(/\\n/g, '\n');
  if (json?.keyPairId) return { keyPairId: json.keyPairId, privateKey };
  if (Object.keys(keyPairIds).length === 0) return { keyPairId: defaultKeyPairId, privateKey };
  const keyPairId = keyPairIds[keyFingerprint(privateKey)];
  if (!keyPairId) throw new Error('the private key in the CloudFront key secret matches no public key of the key group: deploy its public half first (docs/deploy.md)');
  return { keyPairId, privateKey };
}

export function cloudFrontMediaUrls(load: () => Promise<SigningKey>, baseUrl: string): MediaUrls {
  const signingKey = keptOnce(load);
  return {
    async playbackUrl(objectKey, expiresIn) {
      const { keyPairId, privateKey } = await signingKey();
      if (!keyPairId) throw new Error('CLOUDFRONT_KEY_PAIR_ID is not set');
      return signCloudFront({
        url: `${baseUrl.replace(/\/$/, '')}${sitePath(objectKey)}`,
        keyPairId,
        privateKey,
        dateLessThan: new Date(Date.now() + expiresIn * 1000).toISOString(),
      });
    },
  };
}

export async function keyFromSecretsManager(): Promise<SigningKey> {
  const sm = new SecretsManagerClient(sdkOptions);
  const r = await sm.send(new GetSecretValueCommand({ SecretId: env.CLOUDFRONT_PRIVATE_KEY_SECRET }));
  if (!r.SecretString) throw new Error('the CloudFront private key secret is empty');
  return parseSigningKey(r.SecretString, env.CLOUDFRONT_KEY_PAIR_ID, env.CLOUDFRONT_KEY_PAIR_IDS);
}

/**
 * A URL signed for `expiresIn` is handed out again while it has at least 95 % of its life left (at
 * most 5 minutes): a whole class opening a lecture gets the same URL, as it would anyway (it names no
 * student), and signing — an RSA signature per video in AWS, ~6 % of the platform's CPU locally — is
 * done once per few minutes instead of once per request. A failed signing is not kept.
 */
export function reusingUrls(inner: MediaUrls, maxReuseMs = 5 * 60_000): { playbackUrl(key: string, expiresIn: number, now?: number): Promise<string> } {
  const kept = new Map<string, { at: number; url: Promise<string> }>();
  return {
    playbackUrl(key: string, expiresIn: number, now: number = Date.now()) {
      const id = `${expiresIn}|${key}`;
      const hit = kept.get(id);
      if (hit && now - hit.at < Math.min(maxReuseMs, expiresIn * 1000 * 0.05)) return hit.url;
      const url = inner.playbackUrl(key, expiresIn);
      kept.delete(id);
      kept.set(id, { at: now, url });
      url.catch(() => kept.get(id)?.url === url && kept.delete(id));
      if (kept.size > 2_000) kept.delete(kept.keys().next().value!);
      return url;
    },
  };
}

/** The key group's private key from Secrets Manager, read once per cold start for the signed URLs and the playback cookies (media-cookies.ts) alike. */
export const cloudFrontSigningKey = keptOnce(keyFromSecretsManager);

export const mediaUrls: MediaUrls = reusingUrls(env.MEDIA_URLS === 'cloudfront' ? cloudFrontMediaUrls(cloudFrontSigningKey, env.PUBLIC_URL) : s3MediaUrls);

/**
 * A presigned PUT whose signature binds the content type and the length: S3 refuses a PUT of any
 * other Content-Length (SignatureDoesNotMatch), so the size checked when signing is the size stored.
 * Locally the gateway verifies the signature as S3 does (infra/local/media.ts); s3rver itself checks none.
 */
export function presignUpload(key: string, contentType: string, expiresIn: number, contentLength: number): Promise<string> {
  return presignS3(s3Public, new PutObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key, ContentType: contentType, ContentLength: contentLength }), {
    expiresIn,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}

/**
 * A presigned PUT of one part of a multipart upload, its Content-Length signed as presignUpload's:
 * the part's size is the only size S3 (and locally the gateway) takes at that URL.
 */
export function presignUploadPart(key: string, uploadId: string, partNumber: number, expiresIn: number, contentLength: number): Promise<string> {
  return presignS3(s3Public, new UploadPartCommand({ Bucket: env.MEDIA_BUCKET, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: contentLength }), {
    expiresIn,
    signableHeaders: new Set(['content-length']),
  });
}
