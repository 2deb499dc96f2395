/**
 * What s3rver 3.7.1 lacks of S3's multipart API, answered from its own store: ListParts and
 * AbortMultipartUpload (both 405 in s3rver). s3rver keeps an open upload on disk under
 * <dir>/<bucket>/._S3rver_uploads/<uploadId>/ — the file `key`, and each part as `<n>` with its MD5
 * (the part's ETag) in `<n>.md5` — and removes the folder when the upload completes. This Koa
 * middleware goes first in s3rver's chain and reads or removes that folder, so the Lambdas' SDK calls
 * (ListPartsCommand, AbortMultipartUploadCommand) work locally unchanged. An upload of another key,
 * or none, is S3's 404 NoSuchUpload.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The bit of Koa's context used here (s3rver is a Koa app; Koa's types are not a dependency). */
interface Ctx {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
  type: string;
}
type Middleware = (ctx: Ctx, next: () => Promise<unknown>) => Promise<unknown>;

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** The upload's folder, if `uploadId` is one s3rver opened for this bucket and key. */
function uploadDir(root: string, bucket: string, key: string, uploadId: string): string | undefined {
  if (!/^[A-Za-z0-9]+$/.test(uploadId)) return undefined;
  const dir = path.join(root, bucket, '._S3rver_uploads', uploadId);
  try {
    return fs.readFileSync(path.join(dir, 'key'), 'utf8') === key ? dir : undefined;
  } catch {
    return undefined;
  }
}

/** The parts stored in an upload's folder, in part-number order. */
export function storedParts(dir: string): { partNumber: number; etag: string; size: number; lastModified: Date }[] {
  return fs
    .readdirSync(dir)
    .filter((f) => /^\d+$/.test(f) && fs.existsSync(path.join(dir, `${f}.md5`)))
    .map((f) => {
      const st = fs.statSync(path.join(dir, f));
      return { partNumber: Number(f), etag: `"${fs.readFileSync(path.join(dir, `${f}.md5`), 'utf8').trim()}"`, size: st.size, lastModified: st.mtime };
    })
    .sort((a, b) => a.partNumber - b.partNumber);
}

export function multipartGapFiller(root: string): Middleware {
  return async (ctx, next) => {
    const uploadId = ctx.query.uploadId;
    const m = /^\/([^/]+)\/(.+)$/.exec(ctx.path);
    const listing = ctx.method === 'GET' && !('partNumber' in ctx.query);
    if (typeof uploadId !== 'string' || !m || !(listing || ctx.method === 'DELETE')) return next();
    const [, bucket, rawKey] = m as unknown as [string, string, string];
    let key: string;
    try {
      key = decodeURIComponent(rawKey);
    } catch {
      return next();
    }
    const dir = uploadDir(root, bucket, key, uploadId);
    if (!dir) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message><UploadId>${xmlEscape(uploadId)}</UploadId></Error>`;
      return;
    }
    if (ctx.method === 'DELETE') {
      fs.rmSync(dir, { recursive: true, force: true });
      ctx.status = 204;
      ctx.body = null;
      return;
    }
    // ListParts, paged as S3 pages it (max-parts ≤ 1,000, part-number-marker).
    const marker = Number(ctx.query['part-number-marker'] ?? 0) || 0;
    const max = Math.min(1000, Number(ctx.query['max-parts'] ?? 1000) || 1000);
    const after = storedParts(dir).filter((p) => p.partNumber > marker);
    const page = after.slice(0, max);
    const truncated = after.length > max;
    ctx.status = 200;
    ctx.type = 'application/xml';
    ctx.body =
      `<?xml version="1.0" encoding="UTF-8"?><ListPartsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
      `<Bucket>${xmlEscape(bucket)}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${xmlEscape(uploadId)}</UploadId>` +
      `<PartNumberMarker>${marker}</PartNumberMarker><NextPartNumberMarker>${page.at(-1)?.partNumber ?? marker}</NextPartNumberMarker>` +
      `<MaxParts>${max}</MaxParts><IsTruncated>${truncated}</IsTruncated>` +
      page
        .map((p) => `<Part><PartNumber>${p.partNumber}</PartNumber><LastModified>${p.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(p.etag)}</ETag><Size>${p.size}</Size></Part>`)
        .join('') +
      `</ListPartsResult>`;
  };
}
