import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import type { VideoToSave } from './save-lecture';

/** Appends the videos after the lecture's last one. */
export const addVideosApi = api.injectEndpoints({
  endpoints: (build) => ({
    addVideos: build.mutation<ResponseOf<'POST /api/AWS/lectures/videos/{lectureId}'>, { lectureId: string; videos: VideoToSave[] }>({
      query: ({ lectureId, videos }) => ({ route: 'POST /api/AWS/lectures/videos/{lectureId}', params: { lectureId }, body: videos }),
      invalidatesTags: ['Lecture'],
    }),
  }),
});

export const { useAddVideosMutation } = addVideosApi;
