import type { SchoolYear, Track } from '@shared/constants';
import type { Course } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import { listCoursesApi } from './list-courses';

export interface NewCourse {
  name: string;
  courseFor: Track[];
  image?: File;
  /** Its new lectures notify that year's students. */
  schooleYear?: SchoolYear;
}

/** Multipart: name, courseFor as a JSON list, image. Terms and content take the server's defaults (spec 3). */
export const createCourseApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCourse: build.mutation<Course, NewCourse>({
      query: (input) => {
        const form = new FormData();
        form.set('name', input.name.trim());
        form.set('courseFor', JSON.stringify(input.courseFor));
        if (input.image) form.set('image', input.image);
        if (input.schooleYear) form.set('schooleYear', input.schooleYear);
        return { route: 'POST /api/cours/create-course', formData: form };
      },
      // Spec 4: create appends the returned course.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (created) dispatch(listCoursesApi.util.updateQueryData('listCourses', undefined, (courses) => void courses.push(created)));
      },
    }),
  }),
});

export const { useCreateCourseMutation } = createCourseApi;
