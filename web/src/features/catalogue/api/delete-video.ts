import { api } from '@/lib/api';

export const deleteVideoApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteVideo: build.mutation<unknown, string>({
      query: (videoId) => ({ route: 'DELETE /api/AWS/lectures/video/{videoId}', params: { videoId } }),
      invalidatesTags: ['Lecture'],
    }),
  }),
});

export const { useDeleteVideoMutation } = deleteVideoApi;
