import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** Issue 16: the teacher resets a student's view counts of a lecture (or of one of its videos); the student's page refetches. */
export const resetVideoViewsApi = api.injectEndpoints({
  endpoints: (build) => ({
    resetVideoViews: build.mutation<ResponseOf<'DELETE /api/admin/users/{userId}/video-views'>, { userId: string; lectureId: string; videoId?: string }>({
      query: ({ userId, lectureId, videoId }) => ({ route: 'DELETE /api/admin/users/{userId}/video-views', params: { userId }, query: { lectureId, videoId } }),
      invalidatesTags: (res, _e, { userId }) => (res ? [{ type: 'User', id: userId }] : []),
    }),
  }),
});

export const { useResetVideoViewsMutation } = resetVideoViewsApi;
