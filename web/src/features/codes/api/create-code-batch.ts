import { api } from '@/lib/api';
import type { CodeBatch } from './list-code-batches';

/** What POST /api/admin/codes/batches takes: how many codes, each worth `value` LE or granting `lectureId`, where they are sold, until when. */
export interface CreateCodeBatchBody {
  count: number;
  value?: number;
  lectureId?: string;
  label: string;
  expiresAt?: string;
}

/** POST /api/admin/codes/batches (admin) → 201 the batch; the list is asked again. */
export const createCodeBatchApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCodeBatch: build.mutation<Partial<CodeBatch> & { id: string }, CreateCodeBatchBody>({
      query: (body) => ({ route: 'POST /api/admin/codes/batches', body }),
      transformResponse: (res: { data: Partial<CodeBatch> & { id: string } }) => res.data,
      invalidatesTags: ['CodeBatch'],
    }),
  }),
});

export const { useCreateCodeBatchMutation } = createCodeBatchApi;
