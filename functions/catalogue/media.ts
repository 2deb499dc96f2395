/**
 * Where catalogue media live in the bucket and how the admin's uploads are named and checked.
 * Images: images/<ulid>.<ext>, public at /media/images/…; videos: videos/<ulid>-<name>, signed only.
 */
import { CopyObjectCommand, DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { MEDIA_PREFIXES } from '../lib/media-layout';
import { imageTypeOf } from '../../shared/schemas/catalogue';
import type { UploadedFile } from '../../shared/schemas/common';
import { s3 } from '../lib/aws';
import { env } from '../lib/env';
import { BadRequest } from '../lib/errors';

const IMAGE_EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif', 'image/avif': 'avif' };

/** A file name made safe for a key and a URL: ASCII letters, digits, dot, dash, underscore. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const safe = base
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/-+\./g, '.')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(-100);
  return safe || 'file';
}

/** The key an upload of this type and name gets. */
export function uploadKey(fileType: string, fileName: string, id = ulid()): string {
  const prefix = fileType.startsWith('image/') ? MEDIA_PREFIXES.images : MEDIA_PREFIXES.videos;
  return `${prefix}${id}-${safeFileName(fileName)}`;
}

export const imageKey = (mimetype: string, id = ulid()) => `${MEDIA_PREFIXES.images}${id}.${IMAGE_EXTENSIONS[mimetype] ?? 'img'}`;

export interface MediaOrigins {
  bucket: string;
  region: string;
  /** The site (CloudFront in AWS, the local gateway here). */
  publicUrl: string;
  /** The S3 endpoints of the stand-in, if any (path-style URLs). */
  s3Endpoints: string[];
}

/**
 * The video key a lecture form refers to: the key the upload call returned (videos/…), its
 * site path (/media/videos/…), or an absolute URL of our own media bucket or site. Anything
 * else — another host, another prefix, a path that climbs — is refused (undefined).
 */
export function videoKeyOf(videoUrl: string, o: MediaOrigins): string | undefined {
  const raw = videoUrl.trim();
  let path: string;
  if (/^https?:\/\//i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return undefined;
    }
    const origin = url.origin.toLowerCase();
    const sameOrigin = (base: string) => {
      try {
        return new URL(base).origin.toLowerCase() === origin;
      } catch {
        return false;
      }
    };
    const virtualHosts = [`${o.bucket}.s3.amazonaws.com`, `${o.bucket}.s3.${o.region}.amazonaws.com`];
    // A path-style endpoint may sit under a path (the local gateway's /_local/s3): /<that path>/<bucket>/<key>.
    const bucketPath = o.s3Endpoints.filter(sameOrigin).map((e) => `${new URL(e).pathname.replace(/\/$/, '')}/${o.bucket}/`).find((p) => url.pathname.startsWith(p));
    if (sameOrigin(o.publicUrl) && url.pathname.startsWith('/media/')) path = url.pathname.slice('/media/'.length);
    else if (bucketPath) path = url.pathname.slice(bucketPath.length);
    else if (url.protocol === 'https:' && virtualHosts.includes(url.hostname.toLowerCase())) path = url.pathname.slice(1);
    else return undefined;
  } else {
    path = raw.split('?')[0]!.replace(/^\/media\//, '');
  }
  let key: string;
  try {
    key = decodeURIComponent(path);
  } catch {
    return undefined;
  }
  if (!key.startsWith(MEDIA_PREFIXES.videos) || key.length === MEDIA_PREFIXES.videos.length) return undefined;
  if (key.split('/').some((s) => s === '..' || s === '.' || s === '') || [...key].some((c) => c.charCodeAt(0) < 0x20)) return undefined;
  return key;
}

export const mediaOrigins = (): MediaOrigins => ({
  bucket: env.MEDIA_BUCKET,
  region: env.AWS_REGION,
  publicUrl: env.PUBLIC_URL,
  s3Endpoints: [env.S3_ENDPOINT, env.S3_PUBLIC_ENDPOINT].filter((e): e is string => !!e),
});

/** Keys of the form's videos, each checked to be ours and already uploaded; else 400 naming it. */
export async function uploadedVideoKeys(videos: { videoUrl: string; videoName: string }[]): Promise<string[]> {
  const origins = mediaOrigins();
  return Promise.all(
    videos.map(async (v) => {
      const key = videoKeyOf(v.videoUrl, origins);
      if (!key) throw new BadRequest(`videoUrl of "${v.videoName}" must be the key of an uploaded video (videos/…), as get-signed-url returned it`, 'video.key');
      try {
        await s3.send(new HeadObjectCommand({ Bucket: env.MEDIA_BUCKET, Key: key }));
      } catch (e) {
        const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || (e as Error).name === 'NotFound') throw new BadRequest(`The video "${v.videoName}" has not been uploaded (no file at ${key})`, 'video.notUploaded');
        throw e;
      }
      return key;
    }),
  );
}

/**
 * Stores a form's image (already checked by the schema, rasterImage) and returns its key. Its type
 * is what its bytes say (a PNG named .jpg is stored as image/png), never only what the upload claimed.
 */
export async function storeImage(file: UploadedFile): Promise<string> {
  const type = imageTypeOf(file.content);
  if (!type) throw new BadRequest('The image is not a PNG, JPEG, WebP, GIF or AVIF file', 'badRequest');
  const key = imageKey(type);
  await s3.send(
    new PutObjectCommand({
      Bucket: env.MEDIA_BUCKET,
      Key: key,
      Body: file.content,
      ContentType: type,
      // Keys are never reused, so the image may be cached for good.
      CacheControl: 'public, max-age=31536000, immutable',
    }),
  );
  return key;
}

/**
 * A copy of a stored image under a key of its own (a question copied from another quiz): each record
 * then owns its image, and deleting one never takes the other's away.
 */
export async function copyImage(key: string): Promise<string> {
  if (!key.startsWith(MEDIA_PREFIXES.images)) throw new BadRequest('Only images can be copied', 'badRequest');
  const copy = `${MEDIA_PREFIXES.images}${ulid()}${key.slice(key.lastIndexOf('.'))}`;
  await s3.send(new CopyObjectCommand({ Bucket: env.MEDIA_BUCKET, CopySource: `${env.MEDIA_BUCKET}/${encodeURIComponent(key).replace(/%2F/g, '/')}`, Key: copy }));
  return copy;
}

/** Deletes images no record refers to any more (only keys under images/). */
export async function deleteImages(keys: string[]): Promise<void> {
  await Promise.all(keys.filter((k) => k.startsWith(MEDIA_PREFIXES.images)).map((Key) => s3.send(new DeleteObjectCommand({ Bucket: env.MEDIA_BUCKET, Key }))));
}
