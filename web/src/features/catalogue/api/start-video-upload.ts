import { api } from '@/lib/api';
import type { BodyOf, ResponseOf } from '@/lib/api-client';

export const startVideoUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    startVideoUpload: build.mutation<ResponseOf<'POST /api/AWS/uploads'>, BodyOf<'POST /api/AWS/uploads'>>({
      query: (body) => ({ route: 'POST /api/AWS/uploads', body }),
    }),
  }),
});

export const { useStartVideoUploadMutation } = startVideoUploadApi;
