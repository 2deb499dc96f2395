/**
 * The resumable uploader (issue 16), against a fake multipart API and a fake part PUT that keep the
 * parts the way S3 does: parts go up a few at a time, a failing part is retried with backoff, an
 * upload interrupted half-way is resumed from the listed parts (as after a page reload: only the
 * fingerprint record in storage survives), cancel aborts it, and the finished bytes are the file's.
 */
import { fingerprintOf, type MultipartApi, type PutPart, uploadMultipart } from '@/features/catalogue/lib/multipart-upload';

const bytesOf = (b: Blob) =>
  new Promise<Uint8Array>((resolve, reject) => {
    const r = new FileReader();
    r.onload = () => resolve(new Uint8Array(r.result as ArrayBuffer));
    r.onerror = () => reject(r.error);
    r.readAsArrayBuffer(b);
  });

class MemoryStorage {
  items = new Map<string, string>();
  getItem = (k: string) => this.items.get(k) ?? null;
  setItem = (k: string, v: string) => void this.items.set(k, v);
  removeItem = (k: string) => void this.items.delete(k);
}

/** A fake bucket: open uploads with their parts, finished objects, and a log of the calls. */
function fakeS3(partSize: number) {
  const uploads = new Map<string, { key: string; parts: Map<number, Uint8Array> }>();
  const objects = new Map<string, Uint8Array>();
  const calls: string[] = [];
  let ids = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  /** Part numbers whose next PUTs fail (each entry one failure; 'status' the HTTP status, 0 a network error). */
  const failures: { partNumber: number; status: number }[] = [];
  const notFound = () => Object.assign(new Error('No such upload'), { status: 404 });

  const api: MultipartApi = {
    start: async (f) => {
      calls.push('start');
      const uploadId = `u${++ids}`;
      uploads.set(uploadId, { key: `videos/${f.fileName}`, parts: new Map() });
      return { key: `videos/${f.fileName}`, uploadId, partSize };
    },
    sign: async (b) => {
      calls.push(`sign ${b.partNumbers.join(',')}`);
      return { parts: b.partNumbers.map((n) => ({ partNumber: n, size: Math.min(b.partSize, b.fileSize - (n - 1) * b.partSize), url: `fake://${b.uploadId}/${n}` })) };
    },
    list: async (r) => {
      calls.push('list');
      const u = uploads.get(r.uploadId);
      if (!u || u.key !== r.key) throw notFound();
      return { parts: [...u.parts].sort(([a], [b]) => a - b).map(([partNumber, bytes]) => ({ partNumber, etag: `"e${partNumber}-${bytes.length}"`, size: bytes.length })) };
    },
    finish: async (b) => {
      calls.push(`finish ${b.parts.map((p) => p.partNumber).join(',')}`);
      const u = uploads.get(b.uploadId);
      if (!u) throw notFound();
      for (const p of b.parts) expect(p.etag).toBe(`"e${p.partNumber}-${u.parts.get(p.partNumber)!.length}"`);
      const chunks = b.parts.map((p) => u.parts.get(p.partNumber)!);
      const all = new Uint8Array(chunks.reduce((s, c) => s + c.length, 0));
      chunks.reduce((at, c) => (all.set(c, at), at + c.length), 0);
      objects.set(b.key, all);
      uploads.delete(b.uploadId);
      return { key: b.key };
    },
    cancel: async (r) => {
      calls.push('cancel');
      if (!uploads.delete(r.uploadId)) throw notFound();
      return {};
    },
  };
  const putPart: PutPart = async (url, body, onSent, signal) => {
    const [uploadId, n] = url.slice('fake://'.length).split('/') as [string, string];
    const partNumber = Number(n);
    calls.push(`put ${partNumber}`);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      await new Promise((r) => setTimeout(r, 5));
      if (signal.aborted) throw new DOMException('Upload cancelled', 'AbortError');
      const f = failures.findIndex((x) => x.partNumber === partNumber);
      if (f >= 0) {
        const { status } = failures.splice(f, 1)[0]!;
        throw Object.assign(new Error('PUT failed'), { status });
      }
      const bytes = await bytesOf(body);
      onSent(bytes.length);
      uploads.get(uploadId)!.parts.set(partNumber, bytes);
      return `"e${partNumber}-${bytes.length}"`;
    } finally {
      inFlight--;
    }
  };
  return { api, putPart, uploads, objects, calls, failures, maxInFlight: () => maxInFlight };
}

const file = () => new File([new Uint8Array(50).map((_, i) => (i * 7) % 251)], 'lecture.mp4', { type: 'video/mp4', lastModified: 1_700_000_000_000 });
const original = () => bytesOf(file());

describe('uploadMultipart', () => {
  it('sends the parts a few at a time, retries a failing part with backoff, and finishes with the same bytes', async () => {
    const s3 = fakeS3(10); // 5 parts of 10 bytes
    s3.failures.push({ partNumber: 2, status: 0 }, { partNumber: 2, status: 503 });
    const sleeps: number[] = [];
    const storage = new MemoryStorage();
    const progress: number[] = [];
    const h = uploadMultipart(file(), { api: s3.api, putPart: s3.putPart, storage, concurrency: 2, backoffMs: 100, sleep: async (ms) => void sleeps.push(ms) }, (p) => progress.push(p.percent));
    await expect(h.done).resolves.toBe('videos/lecture.mp4');

    expect(s3.objects.get('videos/lecture.mp4')).toEqual(await original());
    expect(s3.maxInFlight()).toBe(2);
    expect(s3.calls.filter((c) => c === 'put 2')).toHaveLength(3); // two failures, then stored
    expect(sleeps).toHaveLength(2);
    expect(sleeps[0]).toBeGreaterThanOrEqual(75);
    expect(sleeps[0]).toBeLessThanOrEqual(125);
    expect(sleeps[1]).toBeGreaterThanOrEqual(150); // doubled
    expect(sleeps[1]).toBeLessThanOrEqual(250);
    expect(s3.calls.at(-1)).toBe('finish 1,2,3,4,5');
    expect(progress.at(-1)).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b)); // never goes back
    expect(storage.items.size).toBe(0); // finished: nothing left to resume
  });

  it('gives up on a part after its attempts, keeping the upload to resume', async () => {
    const s3 = fakeS3(10);
    s3.failures.push(...Array.from({ length: 3 }, () => ({ partNumber: 4, status: 0 })));
    const storage = new MemoryStorage();
    const h = uploadMultipart(file(), { api: s3.api, putPart: s3.putPart, storage, attempts: 3, sleep: async () => undefined }, () => undefined);
    await expect(h.done).rejects.toMatchObject({ status: 0 });
    expect(s3.calls.filter((c) => c === 'put 4')).toHaveLength(3);
    expect(s3.calls.some((c) => c.startsWith('finish'))).toBe(false);
    expect(JSON.parse(storage.items.get(fingerprintOf(file()))!)).toMatchObject({ key: 'videos/lecture.mp4', uploadId: 'u1', partSize: 10 });
    // Removing the failed row (abort) keeps it too: picking the file again resumes it.
    h.abort();
    await new Promise((r) => setTimeout(r, 5));
    expect(s3.calls).not.toContain('cancel');
    expect(storage.items.size).toBe(1);
  });

  it('resumes an upload interrupted half-way (after a reload): lists the stored parts and sends only the rest', async () => {
    const s3 = fakeS3(10);
    const storage = new MemoryStorage();
    // First session, one part at a time: part 4 fails for good (the connection dropped); 1–3 are stored.
    s3.failures.push({ partNumber: 4, status: 0 }, { partNumber: 4, status: 0 });
    const first = uploadMultipart(file(), { api: s3.api, putPart: s3.putPart, storage, attempts: 2, concurrency: 1, sleep: async () => undefined }, () => undefined);
    await expect(first.done).rejects.toBeDefined();
    expect([...s3.uploads.get('u1')!.parts.keys()].sort()).toEqual([1, 2, 3]);
    expect(s3.failures).toEqual([]);

    // Second session, the same file picked again: a new uploader that only has the storage record.
    s3.calls.length = 0;
    const progress: number[] = [];
    const again = uploadMultipart(file(), { api: s3.api, putPart: s3.putPart, storage, sleep: async () => undefined }, (p) => progress.push(p.percent));
    await expect(again.done).resolves.toBe('videos/lecture.mp4');
    expect(s3.calls).not.toContain('start');
    expect(s3.calls[0]).toBe('list');
    expect(s3.calls.filter((c) => c.startsWith('put')).sort()).toEqual(['put 4', 'put 5']);
    expect(progress[0]).toBe(60); // three parts of five were already there
    expect(s3.calls.at(-1)).toBe('finish 1,2,3,4,5');
    expect(s3.objects.get('videos/lecture.mp4')).toEqual(await original());
    expect(storage.items.size).toBe(0);
  });

  it('starts afresh when the remembered upload is gone (finished elsewhere, cancelled, or cleaned up)', async () => {
    const s3 = fakeS3(10);
    const storage = new MemoryStorage();
    storage.setItem(fingerprintOf(file()), JSON.stringify({ key: 'videos/lecture.mp4', uploadId: 'gone', partSize: 10, savedAt: Date.now() }));
    const h = uploadMultipart(file(), { api: s3.api, putPart: s3.putPart, storage, sleep: async () => undefined }, () => undefined);
    await expect(h.done).resolves.toBe('videos/lecture.mp4');
    expect(s3.calls.slice(0, 2)).toEqual(['list', 'start']);
    expect(s3.objects.get('videos/lecture.mp4')).toEqual(await original());
  });

  it('cancel aborts the upload: the parts in flight stop, S3 is told to drop the parts, nothing is remembered', async () => {
    const s3 = fakeS3(10);
    const storage = new MemoryStorage();
    const h = uploadMultipart(file(), { api: s3.api, putPart: s3.putPart, storage, sleep: async () => undefined }, () => undefined);
    await new Promise((r) => setTimeout(r, 1)); // started, parts in flight
    h.abort();
    await expect(h.done).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 10));
    expect(s3.calls).toContain('cancel');
    expect(s3.uploads.size).toBe(0);
    expect(s3.calls.some((c) => c.startsWith('finish'))).toBe(false);
    expect(storage.items.size).toBe(0);
  });

  it('cancelled while it was opening, it closes its own upload and keeps the record of the same file picked again since', async () => {
    const s3 = fakeS3(10);
    const storage = new MemoryStorage();
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const slowStart: MultipartApi = { ...s3.api, start: async (f) => (await gate, s3.api.start(f)) };
    const first = uploadMultipart(file(), { api: slowStart, putPart: s3.putPart, storage, sleep: async () => undefined }, () => undefined);
    first.abort(); // the same file picked again before the first upload was opened
    let go!: () => void;
    const parts = new Promise<void>((r) => (go = r));
    const heldPut: PutPart = async (...a) => (await parts, s3.putPart(...a));
    const again = uploadMultipart(file(), { api: s3.api, putPart: heldPut, storage, sleep: async () => undefined }, () => undefined);
    await new Promise((r) => setTimeout(r, 1));
    expect(JSON.parse(storage.items.get(fingerprintOf(file()))!)).toMatchObject({ uploadId: 'u1' });
    open();
    await expect(first.done).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((r) => setTimeout(r, 5));
    expect(s3.uploads.has('u2')).toBe(false); // the first one's, cancelled
    expect(s3.calls).toContain('cancel');
    expect(JSON.parse(storage.items.get(fingerprintOf(file()))!)).toMatchObject({ uploadId: 'u1' }); // still resumable
    go();
    await expect(again.done).resolves.toBe('videos/lecture.mp4');
    expect(s3.objects.get('videos/lecture.mp4')).toEqual(await original());
  });

  it('does not retry a refusal of our API (a 400 is not fixed by trying again)', async () => {
    const s3 = fakeS3(10);
    s3.failures.push({ partNumber: 1, status: 400 });
    const h = uploadMultipart(file(), { api: s3.api, putPart: s3.putPart, storage: new MemoryStorage(), concurrency: 1, sleep: async () => undefined }, () => undefined);
    await expect(h.done).rejects.toMatchObject({ status: 400 });
    expect(s3.calls.filter((c) => c === 'put 1')).toHaveLength(1);
  });
});
