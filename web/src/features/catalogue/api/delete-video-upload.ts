import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** Cancels an unfinished upload: S3 drops its parts. */
export const deleteVideoUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteVideoUpload: build.mutation<ResponseOf<'DELETE /api/AWS/uploads'>, { key: string; uploadId: string }>({
      query: (ref) => ({ route: 'DELETE /api/AWS/uploads', query: { ...ref } }),
    }),
  }),
});

export const { useDeleteVideoUploadMutation } = deleteVideoUploadApi;
