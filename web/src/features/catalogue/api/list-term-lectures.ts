import type { Lecture } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { listOf } from '../lib/list-of';

/** The lectures of a whole term (admin), e.g. to pick one to grant. */
export const listTermLecturesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTermLectures: build.query<Lecture[], string>({
      query: (termId) => ({ route: 'GET /api/admin/getlecture/{termId}', params: { termId } }),
      transformResponse: (res: ResponseOf<'GET /api/admin/getlecture/{termId}'>) => listOf(res),
      providesTags: ['Lecture'],
    }),
  }),
});

export const { useListTermLecturesQuery } = listTermLecturesApi;
