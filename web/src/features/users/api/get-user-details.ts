import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type UserDetails = ResponseOf<'GET /api/admin/users/{userId}'>['data'];

/** GET /api/admin/users/{userId} (ours): the student's page — profile, lectures owned, quiz results. */
export const getUserDetailsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserDetails: build.query<UserDetails, string>({
      query: (userId) => ({ route: 'GET /api/admin/users/{userId}', params: { userId } }),
      transformResponse: (res: ResponseOf<'GET /api/admin/users/{userId}'>) => res.data,
      providesTags: (_r, _e, userId) => [{ type: 'User', id: userId }, 'Purchase'],
    }),
  }),
});

export const { useGetUserDetailsQuery } = getUserDetailsApi;
