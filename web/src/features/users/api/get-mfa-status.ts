import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** Whether the admin's authenticator app is set up (GET /api/auth/mfa). */
export const getMfaStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    getMfaStatus: build.query<{ enabled: boolean }, void>({
      query: () => ({ route: 'GET /api/auth/mfa' }),
      transformResponse: (res: ResponseOf<'GET /api/auth/mfa'>) => res.data,
      providesTags: ['Mfa'],
    }),
  }),
});

export const { useGetMfaStatusQuery } = getMfaStatusApi;
