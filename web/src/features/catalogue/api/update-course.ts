import type { SchoolYear } from '@shared/constants';
import type { Course } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import { listCoursesApi } from './list-courses';

export interface CourseChanges {
  id: string;
  name?: string;
  image?: File;
  schooleYear?: SchoolYear;
}

/** Multipart: name and/or image; the response is the updated course. */
export const updateCourseApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateCourse: build.mutation<Course, CourseChanges>({
      query: ({ id, name, image, schooleYear }) => {
        const form = new FormData();
        if (name !== undefined) form.set('name', name.trim());
        if (image) form.set('image', image);
        if (schooleYear) form.set('schooleYear', schooleYear);
        return { route: 'PUT /api/cours/{id}', params: { id }, formData: form };
      },
      // Spec 4: update replaces the course with the same id, in place.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data: updated } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (updated)
          dispatch(listCoursesApi.util.updateQueryData('listCourses', undefined, (courses) => courses.map((c) => (c.id === updated.id ? updated : c))));
      },
    }),
  }),
});

export const { useUpdateCourseMutation } = updateCourseApi;
