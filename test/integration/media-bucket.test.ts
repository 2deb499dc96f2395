/**
 * The media bucket stand-in behaves as the browser needs: a presigned PUT (the upload path) then a
 * presigned GET round-trips the bytes exactly, a Range request gets 206 with just that slice
 * (video seeking), CORS lets the site's origin PUT, and an expired URL is refused.
 */
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomBytes } from 'node:crypto';
import { platform, s3, uniq } from '../support/platform';

describe('media bucket (s3rver)', () => {
  const bytes = randomBytes(256 * 1024 + 17);
  const key = `videos/${uniq()}.webm`;

  it('round-trips a presigned PUT and GET byte for byte, honouring Range', async () => {
    const { bucket } = platform();
    const putUrl = await getSignedUrl(s3(), new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: 'video/webm' }), { expiresIn: 300 });
    const put = await fetch(putUrl, { method: 'PUT', body: bytes, headers: { 'content-type': 'video/webm' } });
    expect(put.status).toBe(200);

    const getUrl = await getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 300 });
    const whole = await fetch(getUrl);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);

    const part = await fetch(getUrl, { headers: { range: 'bytes=1000-1099' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1099/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1000, 1100))).toBe(true);
  });

  it('answers the browser’s CORS preflight for a PUT from the site', async () => {
    const { bucket, s3Endpoint, url } = platform();
    const r = await fetch(`${s3Endpoint}/${bucket}/${key}`, {
      method: 'OPTIONS',
      headers: { origin: url, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('access-control-allow-origin')).toMatch(/\*|127\.0\.0\.1/);
    expect(r.headers.get('access-control-allow-methods')).toMatch(/PUT/);
  });

  it('refuses an expired presigned URL', async () => {
    const { bucket } = platform();
    const url = await getSignedUrl(s3(), new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 1 });
    await new Promise((r) => setTimeout(r, 2100));
    expect((await fetch(url)).status).toBe(403);
  });

  it('serves public images through the gateway’s /media/images/* and keeps videos off that path', async () => {
    const { bucket, url } = platform();
    const img = `images/${uniq()}.png`;
    await s3().send(new PutObjectCommand({ Bucket: bucket, Key: img, Body: bytes.subarray(0, 500), ContentType: 'image/png' }));
    const r = await fetch(`${url}/media/${img}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/png');
    expect((await r.arrayBuffer()).byteLength).toBe(500);
    expect((await fetch(`${url}/media/${key}`)).status).toBe(403);
  });
});
