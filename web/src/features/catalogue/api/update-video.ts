import { api } from '@/lib/api';

/** A video's name or quiz, changed in place (same file, order and id). */
export const updateVideoApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateVideo: build.mutation<unknown, { id: string; videoName?: string; quizId?: string | null }>({
      query: ({ id, ...body }) => ({ route: 'PATCH /api/AWS/lectures/video/{videoId}', params: { videoId: id }, body }),
      invalidatesTags: ['Lecture'],
    }),
  }),
});

export const { useUpdateVideoMutation } = updateVideoApi;
