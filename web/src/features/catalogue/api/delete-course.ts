import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { listCoursesApi } from './list-courses';

export type CourseDeleted = ResponseOf<'DELETE /api/cours/{id}'>;

/** The response names the deleted id (archived when students own lectures under it). */
export const deleteCourseApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteCourse: build.mutation<CourseDeleted, string>({
      query: (id) => ({ route: 'DELETE /api/cours/{id}', params: { id } }),
      // Spec 4: delete removes the course whose id came back.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data: deleted } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (deleted) dispatch(listCoursesApi.util.updateQueryData('listCourses', undefined, (courses) => courses.filter((c) => c.id !== deleted.id)));
      },
    }),
  }),
});

export const { useDeleteCourseMutation } = deleteCourseApi;
