import { api } from '@/lib/api';

/** A batch of recharge codes as the teacher sees it: each code worth `value` LE, or granting lecture `lectureId`. */
export interface CodeBatch {
  id: string;
  label: string;
  value: number | null;
  lectureId: string | null;
  /** The granted lecture's name, when the server gives it. */
  lectureName?: string | null;
  count: number;
  redeemed: number;
  disabled: boolean;
  createdAt: string;
  expiresAt: string | null;
}

/** GET /api/admin/codes/batches (admin): every batch with its counts, newest first. */
export const listCodeBatchesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCodeBatches: build.query<CodeBatch[], void>({
      query: () => ({ route: 'GET /api/admin/codes/batches' }),
      transformResponse: (res: { data?: CodeBatch[] } | undefined) => (Array.isArray(res?.data) ? [...res.data].sort((a, b) => b.createdAt.localeCompare(a.createdAt)) : []),
      providesTags: ['CodeBatch'],
    }),
  }),
});

export const { useListCodeBatchesQuery } = listCodeBatchesApi;
