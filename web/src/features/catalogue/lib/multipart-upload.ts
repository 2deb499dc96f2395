/**
 * Resumable upload of a large video (issue 16): S3 multipart through presigned part URLs issued by
 * our API. Parts go up a few at a time, each retried with backoff; the upload's key and id are kept
 * in localStorage under the file's fingerprint (name, size, last modified), so picking the same file
 * again — after a dropped connection or a page reload — lists the parts already stored and sends
 * only the rest. Cancel aborts the upload (S3 drops its parts); one left behind is cleaned up by
 * the bucket's lifecycle rule after 7 days, and its record here is forgotten before then.
 *
 * The API calls and the part PUT are passed in, so the logic is tested with fakes (test/web).
 */
import { ApiError } from '@/lib/api-client';
import type { UploadHandle } from '../api/upload-file';

/** Files above this go in parts; smaller ones keep the single presigned PUT. */
export const MULTIPART_THRESHOLD = 64 * 1024 * 1024;

export interface UploadRef {
  key: string;
  uploadId: string;
}
export interface MultipartApi {
  start(f: { fileName: string; fileType: string; fileSize: number }): Promise<UploadRef & { partSize: number }>;
  sign(b: UploadRef & { fileSize: number; partSize: number; partNumbers: number[] }): Promise<{ parts: { partNumber: number; size: number; url: string }[] }>;
  list(r: UploadRef): Promise<{ parts: { partNumber: number; etag: string; size: number }[] }>;
  finish(b: UploadRef & { parts: { partNumber: number; etag: string }[] }): Promise<{ key: string }>;
  cancel(r: UploadRef): Promise<unknown>;
}
/** PUTs one part and resolves with its ETag; reports bytes sent so far. */
export type PutPart = (url: string, body: Blob, onSent: (bytes: number) => void, signal: AbortSignal) => Promise<string>;

export interface UploadProgress {
  percent: number;
  /** Estimated seconds left, once a few seconds of this session have been measured. */
  secondsLeft?: number;
}

export interface MultipartOptions {
  api: MultipartApi;
  putPart?: PutPart;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  concurrency?: number;
  /** Attempts per part (the first included). */
  attempts?: number;
  backoffMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/** How long a remembered upload is tried again (the bucket aborts it after 7 days). */
const REMEMBER_MS = 6 * 24 * 3600_000;
/** Part URLs live 15 minutes; a URL older than this is signed again before use. */
const URL_FRESH_MS = 10 * 60_000;
const SIGN_BATCH = 10;

export const fingerprintOf = (f: Pick<File, 'name' | 'size' | 'lastModified'>) => `bioscope.upload:${f.name}|${f.size}|${f.lastModified}`;

/** The HTTP status of a failure: an ApiError's, or an RTK Query error's ({status, data}); 0 for none. */
const statusOf = (e: unknown) => (e instanceof ApiError ? e.status : typeof (e as { status?: unknown })?.status === 'number' ? (e as { status: number }).status : 0);

const abortError = () => new DOMException('Upload cancelled', 'AbortError');

/** The browser's part PUT: XMLHttpRequest for upload progress; the ETag header is exposed by the bucket's CORS. */
export const xhrPutPart: PutPart = (url, body, onSent, signal) =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.upload.onprogress = (e) => onSent(e.loaded);
    xhr.onload = () => {
      const etag = xhr.getResponseHeader('ETag');
      if (xhr.status >= 200 && xhr.status < 300 && etag) resolve(etag);
      else reject(new ApiError(xhr.status, undefined));
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onabort = () => reject(abortError());
    signal.addEventListener('abort', () => xhr.abort());
    xhr.send(body);
  });

interface Remembered extends UploadRef {
  partSize: number;
  savedAt: number;
}

export function uploadMultipart(file: File, opts: MultipartOptions, onProgress: (p: UploadProgress) => void): UploadHandle {
  const { api, putPart = xhrPutPart, concurrency = 3, attempts = 5, backoffMs = 1000 } = opts;
  const storage = opts.storage ?? (typeof localStorage === 'undefined' ? undefined : localStorage);
  const sleep = opts.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = opts.now ?? Date.now;
  const controller = new AbortController();
  const fp = fingerprintOf(file);
  let ref: UploadRef | undefined;

  const remembered = (): Remembered | undefined => {
    try {
      const r = JSON.parse(storage?.getItem(fp) ?? 'null') as Remembered | null;
      return r && now() - r.savedAt < REMEMBER_MS ? r : undefined;
    } catch {
      return undefined;
    }
  };
  // Once this upload is open, its record only: the same file picked again may have stored its own since.
  const forget = () => {
    if (!ref || remembered()?.uploadId === ref.uploadId) storage?.removeItem(fp);
  };
  const check = () => {
    if (controller.signal.aborted) throw abortError();
  };

  const done = (async () => {
    // Resume what this file left open, if S3 still has it; else start afresh.
    let partSize = 0;
    let stored: { partNumber: number; etag: string; size: number }[] = [];
    const old = remembered();
    if (old) {
      try {
        stored = (await api.list(old)).parts;
        ref = { key: old.key, uploadId: old.uploadId };
        partSize = old.partSize;
      } catch (e) {
        if (statusOf(e) !== 404 && statusOf(e) !== 400) throw e;
        forget();
      }
    }
    check();
    if (!ref) {
      const s = await api.start({ fileName: file.name, fileType: file.type, fileSize: file.size });
      ref = { key: s.key, uploadId: s.uploadId };
      partSize = s.partSize;
      if (!controller.signal.aborted)
        try {
          storage?.setItem(fp, JSON.stringify({ ...ref, partSize, savedAt: now() } satisfies Remembered));
        } catch {
          // Storage full or refused (a private window): the upload still runs, it only cannot resume after a reload.
        }
    }
    if (controller.signal.aborted) {
      // Cancelled while the upload was being opened: close it too.
      forget();
      void api.cancel(ref).catch(() => undefined);
      throw abortError();
    }
    const upload = ref;
    const count = Math.max(1, Math.ceil(file.size / partSize));
    const lengthOf = (n: number) => Math.min(partSize, file.size - (n - 1) * partSize);
    const etags = new Map<number, string>();
    // A stored part counts only if it has this part's length (a different part size would not match).
    for (const p of stored) if (p.partNumber <= count && p.size === lengthOf(p.partNumber)) etags.set(p.partNumber, p.etag);
    const pending = Array.from({ length: count }, (_, i) => i + 1).filter((n) => !etags.has(n));

    // Progress: bytes stored + bytes of parts in flight; time left from this session's rate.
    const storedBytes = () => [...etags.keys()].reduce((s, n) => s + lengthOf(n), 0);
    const inFlight = new Map<number, number>();
    const startedAt = now();
    const bytesAtStart = storedBytes();
    const report = () => {
      const sent = storedBytes() + [...inFlight.values()].reduce((a, b) => a + b, 0);
      const elapsed = (now() - startedAt) / 1000;
      const rate = (sent - bytesAtStart) / elapsed;
      onProgress({ percent: Math.min(99, Math.floor((sent / file.size) * 100)), secondsLeft: elapsed >= 2 && rate > 0 ? Math.ceil((file.size - sent) / rate) : undefined });
    };
    report();

    // Part URLs, signed a batch at a time for the next parts due, and again when old or after a failure.
    const urls = new Map<number, { url: string; at: number }>();
    const urlFor = async (n: number, fresh: boolean) => {
      const have = urls.get(n);
      if (!fresh && have && now() - have.at < URL_FRESH_MS) return have.url;
      const batch = [n, ...queue.filter((m) => m !== n && !urls.has(m)).slice(0, SIGN_BATCH - 1)];
      const signed = await api.sign({ ...upload, fileSize: file.size, partSize, partNumbers: batch });
      for (const p of signed.parts) urls.set(p.partNumber, { url: p.url, at: now() });
      return urls.get(n)!.url;
    };

    const queue = [...pending];
    const sendPart = async (n: number) => {
      const body = file.slice((n - 1) * partSize, (n - 1) * partSize + lengthOf(n));
      for (let attempt = 1; ; attempt++) {
        check();
        try {
          const url = await urlFor(n, attempt > 1);
          const etag = await putPart(url, body, (b) => (inFlight.set(n, b), report()), controller.signal);
          inFlight.delete(n);
          etags.set(n, etag);
          report();
          return;
        } catch (e) {
          inFlight.delete(n);
          check();
          // A refusal of our API (bad input, not an admin) will not change by trying again.
          const status = statusOf(e);
          if (attempt >= attempts || (status >= 400 && status < 500 && status !== 403 && status !== 408 && status !== 429)) throw e;
          await sleep(backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() * 0.5));
        }
      }
    };
    const worker = async () => {
      for (let n = queue.shift(); n !== undefined; n = queue.shift()) await sendPart(n);
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(1, queue.length)) }, worker));
    check();

    const parts = [...etags.entries()].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));
    const finished = await api.finish({ ...upload, parts });
    forget();
    onProgress({ percent: 100, secondsLeft: 0 });
    return finished.key;
  })();

  // Once it has failed (or finished) there is nothing to stop: a failed upload stays open to be resumed.
  let settled = false;
  done.then(
    () => (settled = true),
    () => (settled = true),
  );
  return {
    done,
    abort: () => {
      if (controller.signal.aborted || settled) return;
      controller.abort();
      forget();
      if (ref) void api.cancel(ref).catch(() => undefined);
    },
  };
}
