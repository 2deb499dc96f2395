import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** The parts of an upload already stored, to resume it (fetched afresh each time, never kept). */
export const listUploadPartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUploadParts: build.query<ResponseOf<'GET /api/AWS/uploads/parts'>, { key: string; uploadId: string }>({
      query: (ref) => ({ route: 'GET /api/AWS/uploads/parts', query: { ...ref } }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useLazyListUploadPartsQuery } = listUploadPartsApi;
