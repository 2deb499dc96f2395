import { api } from '@/lib/api';
import type { BodyOf, ResponseOf } from '@/lib/api-client';

/** Presigned PUT URLs for a batch of parts of a multipart upload (each URL takes its part's exact length). */
export const signUploadPartsApi = api.injectEndpoints({
  endpoints: (build) => ({
    signUploadParts: build.mutation<ResponseOf<'POST /api/AWS/uploads/parts'>, BodyOf<'POST /api/AWS/uploads/parts'>>({
      query: (body) => ({ route: 'POST /api/AWS/uploads/parts', body }),
    }),
  }),
});

export const { useSignUploadPartsMutation } = signUploadPartsApi;
