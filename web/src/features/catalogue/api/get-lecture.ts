import type { Lecture } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** One lecture with its videos; a video has a signedUrl only when the viewer may watch it. */
export const getLectureApi = api.injectEndpoints({
  endpoints: (build) => ({
    getLecture: build.query<Lecture, string>({
      query: (id) => ({ route: 'GET /api/cours/lectureaaa/{id}', params: { id } }),
      transformResponse: (res: ResponseOf<'GET /api/cours/lectureaaa/{id}'>) => res.data,
      providesTags: (_r, _e, id) => [{ type: 'Lecture', id }, 'Purchase', 'QuizStatus'],
    }),
  }),
});

export const { useGetLectureQuery } = getLectureApi;
