import { CreateBucketCommand, HeadBucketCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import S3rver from 's3rver';
import { multipartGapFiller } from './s3-multipart';

/** Browsers PUT uploads straight to the bucket (presigned), and play videos from it with Range. */
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <ExposeHeader>Content-Range</ExposeHeader>
    <ExposeHeader>Accept-Ranges</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

export async function startS3(opts: { port: number; host: string; directory: string; bucket: string }): Promise<{ server: S3rver; port: number }> {
  fs.mkdirSync(opts.directory, { recursive: true });
  const server = new S3rver({
    port: opts.port,
    address: opts.host,
    directory: opts.directory,
    silent: true,
    configureBuckets: [{ name: opts.bucket, configs: [CORS] }],
  });
  // ListParts and AbortMultipartUpload, which s3rver answers 405, go first (Koa composes on listen).
  (server as unknown as { middleware: unknown[] }).middleware.unshift(multipartGapFiller(opts.directory));
  const addr = (await server.run()) as unknown as { port: number };
  return { server, port: addr.port };
}

/**
 * `maxAttempts` 1 fails fast (set-up, tests). The local transcoder takes 3: it holds the client across
 * a minute of ffmpeg, and s3rver closes idle keep-alive sockets, so a reused one can be reset as it is
 * written ("read ECONNRESET" failed a transcode in CI); the SDK retries that as a transient error.
 */
export function s3Client(endpoint: string, maxAttempts = 1) {
  return new S3Client({
    endpoint,
    region: 'eu-central-1',
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts,
  });
}

export async function ensureBucket(endpoint: string, bucket: string) {
  const c = s3Client(endpoint);
  try {
    await c.send(new HeadBucketCommand({ Bucket: bucket }));
  } catch {
    await c.send(new CreateBucketCommand({ Bucket: bucket }));
  }
}
