import type { Course } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/**
 * Spec 6, 7: GET /api/cours/all, public, but carries the raw token when there is one. Store area
 * `courses` (spec 4): a fetch replaces the list; create, update and delete edit this cache when they
 * succeed. Shared by the catalogue (grades, the admin's courses) and the coupon form's course limit.
 */
export const listCoursesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCourses: build.query<Course[], void>({
      query: () => ({ route: 'GET /api/cours/all' }),
      transformResponse: (res: ResponseOf<'GET /api/cours/all'>) => (Array.isArray(res?.data) ? res.data : []),
      providesTags: ['Course'],
    }),
  }),
});

export const { useListCoursesQuery } = listCoursesApi;
