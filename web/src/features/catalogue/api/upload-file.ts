/**
 * Uploads go straight from the browser to the media bucket: ask for a presigned PUT URL (the
 * getSignedUrl endpoint, passed in), then PUT the file with XMLHttpRequest, whose
 * upload.onprogress (which fetch lacks) drives the bar. Not an API call, so not an endpoint.
 */
import { ApiError } from '@/lib/api-client';
import type { FileToUpload } from './get-signed-url';

export type SignUpload = (file: FileToUpload) => Promise<{ signedUrl: string; key: string }>;

export interface UploadHandle {
  /** Resolves with the stored key, which is the videoUrl to save. */
  done: Promise<string>;
  abort: () => void;
}

export function uploadFile(file: File, signUpload: SignUpload, onProgress: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  let aborted = false;
  const done = (async () => {
    const { signedUrl, key } = await signUpload({ fileName: file.name, fileType: file.type, fileSize: file.size });
    if (aborted) throw new DOMException('Upload cancelled', 'AbortError');
    await new Promise<void>((resolve, reject) => {
      xhr.open('PUT', signedUrl);
      xhr.setRequestHeader('Content-Type', file.type);
      xhr.upload.onprogress = (e) => {
        if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
      };
      xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new ApiError(xhr.status, undefined)));
      xhr.onerror = () => reject(new ApiError(0, undefined));
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
