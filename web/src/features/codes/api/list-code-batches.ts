import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** A batch of recharge codes as the teacher sees it: each code worth `value` LE, or granting lecture `lectureId`. */
export type CodeBatch = ResponseOf<'GET /api/admin/codes/batches'>['data'][number];

/** GET /api/admin/codes/batches (admin): every batch with its counts, newest first. */
export const listCodeBatchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCodeBatches: build.query<CodeBatch[], void>({
      query: () => ({ route: 'GET /api/admin/codes/batches' }),
      transformResponse: (res: ResponseOf<'GET /api/admin/codes/batches'>) => [...res.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
      providesTags: ['CodeBatch'],
    }),
  }),
});

export const { useListCodeBatchesQuery } = listCodeBatchesApi;
