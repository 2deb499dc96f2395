import type { z } from 'zod';
import type { profile } from '@shared/schemas/responses';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type Profile = z.output<typeof profile>;

/** Spec 7: GET /api/user/profile → `data{firstName, lastName, email, mobileNumber}` (and the school year). */
export const getProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, void>({
      query: () => ({ route: 'GET /api/user/profile' }),
      transformResponse: (res: ResponseOf<'GET /api/user/profile'>) => res.data,
      providesTags: ['Profile'],
    }),
  }),
});

export const { useGetProfileQuery } = getProfileApi;
