import { api } from '@/lib/api';

/** The teacher's Retry: a failed or stuck video's transcode starts again from its stored upload. */
export const startVideoTranscodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    startVideoTranscode: build.mutation<unknown, string>({
      query: (videoId) => ({ route: 'POST /api/AWS/lectures/video/{videoId}/transcode', params: { videoId } }),
      invalidatesTags: ['Lecture'],
    }),
  }),
});

export const { useStartVideoTranscodeMutation } = startVideoTranscodeApi;
