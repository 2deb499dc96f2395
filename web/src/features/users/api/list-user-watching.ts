import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type LectureWatching = ResponseOf<'GET /api/admin/users/{userId}/watching'>['data'][number];

/** Issue 42: a student's watch time per lecture and video (the student's page). */
export const listUserWatchingApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUserWatching: build.query<LectureWatching[], string>({
      query: (userId) => ({ route: 'GET /api/admin/users/{userId}/watching', params: { userId } }),
      transformResponse: (res: ResponseOf<'GET /api/admin/users/{userId}/watching'>) => res.data,
      providesTags: (_r, _e, userId) => [{ type: 'User', id: userId }],
    }),
  }),
});

export const { useListUserWatchingQuery } = listUserWatchingApi;
