import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export interface FileToUpload {
  fileName: string;
  fileType: string;
  fileSize: number;
}

/** A presigned PUT URL for one upload (never reused: each answer is fetched afresh and not kept). */
export const getSignedUrlApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSignedUrl: build.query<ResponseOf<'GET /api/AWS/get-signed-url'>, FileToUpload>({
      query: (file) => ({ route: 'GET /api/AWS/get-signed-url', query: { ...file } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyGetSignedUrlQuery } = getSignedUrlApi;
