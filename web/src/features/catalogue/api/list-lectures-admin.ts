import type { Lecture } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { listOf } from '../lib/list-of';

/** The admin's view of a section's lectures (the id is the contentId): videos carry their stored key for editing. */
export const listLecturesAdminApi = api.injectEndpoints({
  endpoints: (build) => ({
    listLecturesAdmin: build.query<Lecture[], string>({
      query: (contentId) => ({ route: 'GET /api/v/lecture/{id}', params: { id: contentId } }),
      transformResponse: (res: ResponseOf<'GET /api/v/lecture/{id}'>) => listOf(res),
      providesTags: ['Lecture'],
    }),
  }),
});

export const { useListLecturesAdminQuery } = listLecturesAdminApi;
