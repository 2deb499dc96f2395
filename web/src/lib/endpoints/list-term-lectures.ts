import type { Lecture } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** The lectures of a whole term (admin, GET /api/admin/getlecture/{termId}): the users' assign-lecture modal picks one to grant. */
export const listTermLecturesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTermLectures: build.query<Lecture[], string>({
      query: (termId) => ({ route: 'GET /api/admin/getlecture/{termId}', params: { termId } }),
      transformResponse: (res: ResponseOf<'GET /api/admin/getlecture/{termId}'>) => (Array.isArray(res?.data) ? res.data : []),
      providesTags: ['Lecture'],
    }),
  }),
});

export const { useListTermLecturesQuery } = listTermLecturesApi;
