/**
 * Lambda on the media bucket's ObjectCreated events (prefix videos/): each uploaded video source
 * starts its HLS transcode (transcode.ts startTranscode), once a lecture has saved it when it came
 * from a lecture form (held-uploads.ts). Not an API route. S3 delivers events at
 * least once: a repeated event for the same bytes (same ETag) starts nothing.
 */
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { s3 } from '../lib/aws';
import { env } from '../lib/env';
import { MEDIA_PREFIXES } from '../lib/media-layout';
import { waitsForLecture } from './held-uploads';
import { startTranscode } from './transcode';

/** S3 event keys are URL-encoded with '+' for a space (a key that does not decode is taken as it is). */
export function keyOfEvent(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

export async function handler(event: S3Event): Promise<void> {
  for (const record of event.Records ?? []) {
    if (!record.eventName?.startsWith('ObjectCreated')) continue;
    const key = keyOfEvent(record.s3.object.key);
    if (!key.startsWith(MEDIA_PREFIXES.videos) || key.endsWith('/')) continue;
    let etag = (record.s3.object.eTag ?? '').replace(/"/g, '');
    if (!etag) {
      const head = await s3.send(new HeadObjectCommand({ Bucket: record.s3.bucket.name || env.MEDIA_BUCKET, Key: key }));
      etag = (head.ETag ?? '').replace(/"/g, '');
    }
    // An upload from a lecture form not saved yet starts nothing (held-uploads.ts).
    if (await waitsForLecture(key, etag)) continue;
    await startTranscode(key, etag);
  }
}
