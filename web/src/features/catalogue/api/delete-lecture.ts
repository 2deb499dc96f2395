import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** A lecture someone bought is archived instead (the response says archived: true). The grid refetches. */
export const deleteLectureApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteLecture: build.mutation<ResponseOf<'DELETE /api/v/lecture/{id}'>, string>({
      query: (id) => ({ route: 'DELETE /api/v/lecture/{id}', params: { id } }),
      invalidatesTags: ['Lecture'],
    }),
  }),
});

export const { useDeleteLectureMutation } = deleteLectureApi;
