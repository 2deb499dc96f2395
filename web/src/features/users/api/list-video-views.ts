import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type VideoViewRow = ResponseOf<'GET /api/admin/users/{userId}/video-views'>['data'][number];

/** Issue 16: a student's counted views, per video, with each lecture's limit (the student's page). */
export const listVideoViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listVideoViews: build.query<VideoViewRow[], string>({
      query: (userId) => ({ route: 'GET /api/admin/users/{userId}/video-views', params: { userId } }),
      transformResponse: (res: ResponseOf<'GET /api/admin/users/{userId}/video-views'>) => res.data,
      providesTags: (_r, _e, userId) => [{ type: 'User', id: userId }],
    }),
  }),
});

export const { useListVideoViewsQuery } = listVideoViewsApi;
