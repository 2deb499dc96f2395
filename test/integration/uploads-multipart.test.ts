/**
 * Resumable video uploads (issue 16): S3 multipart through presigned part URLs, interrupted half-way,
 * resumed from the parts S3 lists, completed with the same bytes; cancelled; admin only; bad input 4xx.
 * Locally s3rver stores the parts and the platform answers ListParts and Abort from its store
 * (infra/local/s3-multipart.ts); the handlers make the same SDK calls as in AWS.
 */
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { createHash, randomBytes } from 'node:crypto';
import { api, makeUser, platform, s3, type TestUser } from '../support/platform';

const MiB = 1024 * 1024;
let admin: TestUser;
let student: TestUser;
beforeAll(async () => {
  [admin, student] = await Promise.all([makeUser({ admin: true }), makeUser()]);
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const start = (fileSize: number, token = admin.token, fileName = 'محاضرة 3 Genetics.mp4') =>
  api('POST', '/api/AWS/uploads', { token, json: { fileName, fileType: 'video/mp4', fileSize } });
const sign = (b: Record<string, unknown>, token = admin.token) => api('POST', '/api/AWS/uploads/parts', { token, json: b });
const list = (key: string, uploadId: string, token = admin.token) => api('GET', `/api/AWS/uploads/parts?${new URLSearchParams({ key, uploadId })}`, { token });
const finish = (b: Record<string, unknown>, token = admin.token) => api('POST', '/api/AWS/uploads/finish', { token, json: b });
const cancel = (key: string, uploadId: string, token = admin.token) => api('DELETE', `/api/AWS/uploads?${new URLSearchParams({ key, uploadId })}`, { token });

/** PUTs the parts as the browser does: no credentials, the part's bytes, its ETag read back. */
async function putParts(file: Uint8Array, ref: { key: string; uploadId: string }, partSize: number, partNumbers: number[]) {
  const signed = await sign({ ...ref, fileSize: file.length, partSize, partNumbers });
  expect(signed.status).toBe(200);
  const etags: { partNumber: number; etag: string }[] = [];
  for (const p of signed.body.parts as { partNumber: number; size: number; url: string }[]) {
    const bytes = file.slice((p.partNumber - 1) * partSize, (p.partNumber - 1) * partSize + p.size);
    expect(bytes.length).toBe(p.size);
    const r = await fetch(p.url, { method: 'PUT', body: bytes });
    expect(r.status).toBe(200);
    etags.push({ partNumber: p.partNumber, etag: r.headers.get('etag')! });
  }
  return etags;
}

describe('resumable (multipart) video uploads', () => {
  it('an upload interrupted half-way resumes from the stored parts and completes with the same bytes', async () => {
    const partSize = 5 * MiB;
    const file = new Uint8Array(randomBytes(2 * partSize + 1234567)); // parts of 5 MiB, 5 MiB and the rest
    const started = await start(file.length);
    expect(started.status).toBe(201);
    expect(started.body).toEqual({
      key: expect.stringMatching(/^videos\/[0-9A-Z]{26}-3-Genetics\.mp4$/),
      uploadId: expect.any(String),
      partSize: 16 * MiB,
      partCount: 1,
      fileUrl: `/media/${started.body.key}`,
    });
    const ref = { key: started.body.key as string, uploadId: started.body.uploadId as string };

    // The browser may cut finer than the suggested part size (≥ 5 MiB): three parts here.
    const first = await putParts(file, ref, partSize, [1]);
    // Interrupted: a page reload forgets everything but the key and the upload id.
    const stored = await list(ref.key, ref.uploadId);
    expect(stored.status).toBe(200);
    expect(stored.body.parts).toEqual([{ partNumber: 1, etag: first[0]!.etag, size: partSize }]);

    const missing = [1, 2, 3].filter((n) => !stored.body.parts.some((p: { partNumber: number }) => p.partNumber === n));
    expect(missing).toEqual([2, 3]);
    const rest = await putParts(file, ref, partSize, missing);
    const all = await list(ref.key, ref.uploadId);
    expect(all.body.parts.map((p: { size: number }) => p.size)).toEqual([partSize, partSize, 1234567]);

    const done = await finish({ ...ref, parts: [...stored.body.parts.map(({ partNumber, etag }: { partNumber: number; etag: string }) => ({ partNumber, etag })), ...rest] });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ key: ref.key, fileUrl: `/media/${ref.key}`, size: file.length });

    const head = await s3().send(new HeadObjectCommand({ Bucket: platform().bucket, Key: ref.key }));
    expect(head.ContentType).toBe('video/mp4');
    const got = await s3().send(new GetObjectCommand({ Bucket: platform().bucket, Key: ref.key }));
    const bytes = await got.Body!.transformToByteArray();
    expect(bytes.length).toBe(file.length);
    expect(sha256(bytes)).toBe(sha256(file));

    // Finished: the upload is no longer open.
    expect((await list(ref.key, ref.uploadId)).status).toBe(404);
  });

  it('a cancelled upload drops its parts: listing, finishing or cancelling it again is 404', async () => {
    const file = new Uint8Array(randomBytes(6 * MiB));
    const { body } = await start(file.length);
    const ref = { key: body.key as string, uploadId: body.uploadId as string };
    const parts = await putParts(file, ref, 5 * MiB, [1, 2]);
    const c = await cancel(ref.key, ref.uploadId);
    expect(c.status).toBe(200);
    expect(c.body).toEqual({ key: ref.key, message: expect.any(String) });
    const gone = await list(ref.key, ref.uploadId);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('upload.notFound');
    expect((await finish({ ...ref, parts })).status).toBe(404);
    expect((await cancel(ref.key, ref.uploadId)).status).toBe(404);
    await expect(s3().send(new HeadObjectCommand({ Bucket: platform().bucket, Key: ref.key }))).rejects.toThrow();
  });

  it('an upload id is bound to its key: another key names no upload', async () => {
    const { body } = await start(10 * MiB);
    const other = (await start(10 * MiB)).body;
    expect((await list(other.key, body.uploadId)).status).toBe(404);
    expect((await cancel(other.key, body.uploadId)).status).toBe(404);
    expect((await list(body.key, body.uploadId)).status).toBe(200);
  });

  it('is for admins only: a student gets 403 on every call, no token 401', async () => {
    const { body } = await start(10 * MiB);
    const ref = { key: body.key as string, uploadId: body.uploadId as string };
    const calls = (token: string) => [
      start(10 * MiB, token),
      sign({ ...ref, fileSize: 10 * MiB, partSize: 5 * MiB, partNumbers: [1] }, token),
      list(ref.key, ref.uploadId, token),
      finish({ ...ref, parts: [{ partNumber: 1, etag: 'x' }] }, token),
      cancel(ref.key, ref.uploadId, token),
    ];
    expect((await Promise.all(calls(student.token))).map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    expect((await Promise.all(calls(''))).map((r) => r.status)).toEqual([401, 401, 401, 401, 401]);
    expect((await list(ref.key, ref.uploadId)).body.parts).toEqual([]); // nothing changed
  });

  describe('bad input is a 400 and changes nothing', () => {
    let ref: { key: string; uploadId: string };
    beforeAll(async () => {
      const { body } = await start(12 * MiB);
      ref = { key: body.key, uploadId: body.uploadId };
    });

    it.each([
      ['a type that is not a video', { fileName: 'a.png', fileType: 'image/png', fileSize: 10 }, /fileType must be a video type/],
      ['a video over 5 GB', { fileName: 'a.mp4', fileType: 'video/mp4', fileSize: 6 * 1024 ** 3 }, /at most 5 GB/],
      ['a size of 0', { fileName: 'a.mp4', fileType: 'video/mp4', fileSize: 0 }, /fileSize/],
      ['no file name', { fileType: 'video/mp4', fileSize: 10 }, /fileName is required/],
    ])('start: %s', async (_, json, message) => {
      const r = await api('POST', '/api/AWS/uploads', { token: admin.token, json });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(message);
    });

    it.each([
      ['parts under 5 MiB', { partSize: 1 * MiB, partNumbers: [1] }, /partSize must be 5 MiB to 5 GiB/],
      ['parts over 5 GiB', { partSize: 6 * 1024 ** 3, partNumbers: [1] }, /partSize must be 5 MiB/],
      ['a part number past the file', { partNumbers: [1, 4] }, /part numbers run from 1 to 3/],
      ['part number 0', { partNumbers: [0] }, /partNumbers/],
      ['part number 10,001', { partNumbers: [10_001] }, /partNumbers/],
      ['no part numbers', { partNumbers: [] }, /partNumbers/],
      ['a key that is not a video upload key', { key: 'images/x.png' }, /key is not valid/],
      ['a key that climbs', { key: 'videos/../images/01ARZ3NDEKTSV4RRFFQ69G5FAV-a.png' }, /key is not valid/],
    ])('sign: %s', async (_, over, message) => {
      const r = await sign({ ...ref, fileSize: 12 * MiB, partSize: 5 * MiB, partNumbers: [1], ...over });
      expect(r.status).toBe(400);
      expect(r.body.message).toMatch(message);
    });

    it('a part URL takes exactly its part\'s length', async () => {
      const signed = await sign({ ...ref, fileSize: 12 * MiB, partSize: 5 * MiB, partNumbers: [3] });
      expect(signed.body.parts).toEqual([{ partNumber: 3, size: 2 * MiB, url: expect.any(String) }]);
      const wrong = await fetch(signed.body.parts[0].url, { method: 'PUT', body: new Uint8Array(MiB) });
      expect(wrong.status).toBe(403);
      expect((await list(ref.key, ref.uploadId)).body.parts).toEqual([]);
    });

    it('finish: parts not stored as sent, out of order, or too small before the last', async () => {
      const file = new Uint8Array(randomBytes(12 * MiB));
      const small = await putParts(file, ref, 5 * MiB, [3]); // 2 MiB, the last part
      const [p1] = await putParts(file, ref, 5 * MiB, [1]);
      // Signed for a 7 MiB file, part 2 is 2 MiB: too small unless it is the last.
      const [smallMiddle] = await putParts(new Uint8Array(randomBytes(7 * MiB)), ref, 5 * MiB, [2]);
      const cases: [unknown, string][] = [
        [[p1, { partNumber: 4, etag: small[0]!.etag }], 'upload.parts'], // part 4 was never uploaded
        [[{ ...p1!, etag: '"0123456789abcdef0123456789abcdef"' }], 'upload.parts'], // another ETag
        [[small[0], p1], 'validation'], // out of order
        [[p1, p1], 'validation'], // twice
        [[smallMiddle, small[0]], 'upload.parts'], // a 2 MiB part before the last
        [[], 'validation'],
      ];
      for (const [parts, code] of cases) {
        const r = await finish({ ...ref, parts });
        expect([r.status, r.body.code]).toEqual([400, code]);
      }
      // Nothing changed: the upload is open with its two parts, and no object exists.
      expect((await list(ref.key, ref.uploadId)).body.parts.map((p: { partNumber: number }) => p.partNumber)).toEqual([1, 2, 3]);
      await expect(s3().send(new HeadObjectCommand({ Bucket: platform().bucket, Key: ref.key }))).rejects.toThrow();
    });

    it('an unknown upload id is 404; a malformed one 400', async () => {
      expect((await list(ref.key, 'nosuchupload0000')).status).toBe(404);
      expect((await list(ref.key, 'bad id!')).status).toBe(400);
      expect((await cancel(ref.key, '')).status).toBe(400);
    });
  });

  it('the single-PUT path for small files keeps working', async () => {
    const r = await api('GET', `/api/AWS/get-signed-url?${new URLSearchParams({ fileName: 'small.mp4', fileType: 'video/mp4', fileSize: '3' })}`, { token: admin.token });
    expect(r.status).toBe(200);
    expect((await fetch(r.body.signedUrl, { method: 'PUT', body: new Uint8Array([1, 2, 3]), headers: { 'content-type': 'video/mp4' } })).status).toBe(200);
  });
});
