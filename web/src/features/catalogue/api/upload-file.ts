/**
 * Uploads go straight from the browser to the media bucket: ask for a presigned PUT URL, then
 * PUT the file with XMLHttpRequest, whose upload.onprogress (which fetch lacks) drives the bar.
 */
import { apiCall, ApiError } from '@/lib/api-client';

export const getUploadUrl = (file: File) =>
  apiCall('GET /api/AWS/get-signed-url', { query: { fileName: file.name, fileType: file.type, fileSize: file.size } });

export interface UploadHandle {
  /** Resolves with the stored key, which is the videoUrl to save. */
  done: Promise<string>;
  abort: () => void;
}

export function uploadFile(file: File, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  const done = (async () => {
    const { signedUrl, key } = await getUploadUrl(file);
    if (aborted) throw new DOMException('Upload cancelled', 'AbortError');
    await new Promise<void>((resolve, reject) => {
      xhr.open('PUT', signedUrl);
      xhr.setRequestHeader('Content-Type', file.type);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
      };
      xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, { message: `Upload failed (${xhr.status})` })));
      xhr.onerror = () => reject(new ApiError(0, { message: 'Upload failed (network)' }));
      xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
      xhr.send(file);
    });
    onProgress(100);
    return key;
  })();
  return {
    done,
    abort: () => {
      aborted = true;
      xhr.abort();
    },
  };
}
