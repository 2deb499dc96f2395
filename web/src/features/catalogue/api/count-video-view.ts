import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** Issue 16: a view counts once VIDEO_VIEW_SHARE of the video has played (once per playbackId); returns the views left. */
export const countVideoViewApi = api.injectEndpoints({
  endpoints: (build) => ({
    countVideoView: build.mutation<ResponseOf<'POST /api/AWS/lectures/{id}/videos/{videoId}/views'>, { lectureId: string; videoId: string; playbackId: string }>({
      query: ({ lectureId, videoId, playbackId }) => ({ route: 'POST /api/AWS/lectures/{id}/videos/{videoId}/views', params: { id: lectureId, videoId }, body: { playbackId } }),
    }),
  }),
});

export const { useCountVideoViewMutation } = countVideoViewApi;
