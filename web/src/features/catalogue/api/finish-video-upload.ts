import { api } from '@/lib/api';
import type { BodyOf, ResponseOf } from '@/lib/api-client';

export const finishVideoUploadApi = api.injectEndpoints({
  endpoints: (build) => ({
    finishVideoUpload: build.mutation<ResponseOf<'POST /api/AWS/uploads/finish'>, BodyOf<'POST /api/AWS/uploads/finish'>>({
      query: (body) => ({ route: 'POST /api/AWS/uploads/finish', body }),
    }),
  }),
});

export const { useFinishVideoUploadMutation } = finishVideoUploadApi;
