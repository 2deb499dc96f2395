import { api } from '@/lib/api';

/** PATCH /api/admin/codes/batches/{batchId} {disabled} (admin): a lost or stolen batch stops at once; the list is asked again. */
export const updateCodeBatchApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateCodeBatch: build.mutation<unknown, { batchId: string; disabled: boolean }>({
      query: ({ batchId, disabled }) => ({ route: 'PATCH /api/admin/codes/batches/{batchId}', params: { batchId }, body: { disabled } }),
      invalidatesTags: ['CodeBatch'],
    }),
  }),
});

export const { useUpdateCodeBatchMutation } = updateCodeBatchApi;
