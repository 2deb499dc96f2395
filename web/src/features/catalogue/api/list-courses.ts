import type { Course } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { listOf } from '../lib/list-of';

/**
 * Spec 6, 7: public, but carries the raw token when there is one. Store area `courses` (spec 4):
 * a fetch replaces the list; create, update and delete edit this cache when they succeed.
 */
export const listCoursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCourses: build.query<Course[], void>({
      query: () => ({ route: 'GET /api/cours/all' }),
      transformResponse: (res: ResponseOf<'GET /api/cours/all'>) => listOf(res),
      providesTags: ['Course'],
    }),
  }),
});

export const { useListCoursesQuery } = listCoursesApi;
