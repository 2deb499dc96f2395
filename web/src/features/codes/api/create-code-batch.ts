import type { CreateCodeBatchBody } from '@shared/schemas/wallet';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type { CreateCodeBatchBody };

/** POST /api/admin/codes/batches (admin) → 201 the batch; the list is asked again. */
export const createCodeBatchApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCodeBatch: build.mutation<ResponseOf<'POST /api/admin/codes/batches'>['data'], CreateCodeBatchBody>({
      query: (body) => ({ route: 'POST /api/admin/codes/batches', body }),
      transformResponse: (res: ResponseOf<'POST /api/admin/codes/batches'>) => res.data,
      invalidatesTags: ['CodeBatch'],
    }),
  }),
});

export const { useCreateCodeBatchMutation } = createCodeBatchApi;
