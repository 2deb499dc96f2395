import type { Lecture } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { listOf } from '../lib/list-of';

/** A student's view of a section's lectures: canWatch (and purchase dates) per lecture. */
export const listLecturesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLectures: build.query<Lecture[], string>({
      query: (contentId) => ({ route: 'GET /api/cours/lecture/{contentId}', params: { contentId } }),
      transformResponse: (res: ResponseOf<'GET /api/cours/lecture/{contentId}'>) => listOf(res),
      providesTags: ['Lecture', 'Purchase'],
    }),
  }),
});

export const { useListLecturesQuery } = listLecturesApi;
