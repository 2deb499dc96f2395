import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type VideoAnalytics = ResponseOf<'GET /api/admin/videos/{videoId}/analytics'>['data'];

/** Issue 42: a video's retention curve and figures (the teacher's). */
export const getVideoAnalyticsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getVideoAnalytics: build.query<VideoAnalytics, string>({
      query: (videoId) => ({ route: 'GET /api/admin/videos/{videoId}/analytics', params: { videoId } }),
      transformResponse: (res: ResponseOf<'GET /api/admin/videos/{videoId}/analytics'>) => res.data,
    }),
  }),
});

export const { useGetVideoAnalyticsQuery } = getVideoAnalyticsApi;
