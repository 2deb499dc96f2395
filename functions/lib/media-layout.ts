/**
 * The media bucket's layout, read by the Lambdas (upload keys) and by infra (CloudFront's public
 * /media/images/* behaviour, the signed-cookie /media/hls/* behaviour, the image-only write grant,
 * the local demo). Nothing else here, so infra can import it without loading the Lambdas' env or SDK clients.
 *
 * - images/<ulid>.<ext>: public through /media/images/*;
 * - videos/<ulid>-<name>: the uploaded source of a video, never served to a student;
 * - hls/<assetId>/master.m3u8, hls/<assetId>/<rung>/index.m3u8 and its segments, hls/<assetId>/poster.NNNNNNN.jpg: the transcoded ladder and its poster
 *   (MediaConvert in AWS, ffmpeg locally), served through /media/hls/<assetId>/* only with the signed
 *   cookies the playback route issues for that asset (CloudFront in AWS, the local gateway here).
 */
export const MEDIA_PREFIXES = { images: 'images/', videos: 'videos/', hls: 'hls/' } as const;

/**
 * The tag on a video upload no lecture has saved yet (on-upload sets it; saving the lecture sets the
 * value to `saved`). The media bucket's lifecycle expires objects under videos/ still tagged unsaved
 * after UNSAVED_UPLOAD_DAYS (infra/stacks/data-stack.ts; locally infra/local/upload-expiry.ts).
 */
export const UNSAVED_UPLOAD_TAG = { Key: 'bioscope-upload', Value: 'unsaved' } as const;
export const SAVED_UPLOAD_TAG = { Key: UNSAVED_UPLOAD_TAG.Key, Value: 'saved' } as const;
export const UNSAVED_UPLOAD_DAYS = 1;

/** The master playlist's name inside an asset's folder. */
export const HLS_MASTER = 'master.m3u8';

/**
 * The asset id of an uploaded source key: the ulid our upload keys start with (videos/<ulid>-<name>),
 * else (a key made otherwise) its name reduced to letters, digits and dashes, cut to 64 characters.
 */
export function assetIdOfKey(sourceKey: string): string {
  const name = sourceKey.startsWith(MEDIA_PREFIXES.videos) ? sourceKey.slice(MEDIA_PREFIXES.videos.length) : sourceKey;
  const ulidHead = /^[0-9A-HJKMNP-TV-Z]{26}(?=-|$)/.exec(name);
  if (ulidHead) return ulidHead[0];
  return name.replace(/[^A-Za-z0-9-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64) || 'asset';
}

/** The folder (key prefix, ends with /) of an asset's HLS output. */
export const hlsPrefixOf = (assetId: string) => `${MEDIA_PREFIXES.hls}${assetId}/`;
/** The key of an asset's master playlist. */
export const hlsMasterKey = (assetId: string) => `${hlsPrefixOf(assetId)}${HLS_MASTER}`;
