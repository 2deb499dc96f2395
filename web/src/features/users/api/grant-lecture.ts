import type { z } from 'zod';
import type { grantLectureBody } from '@shared/schemas/people';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** Spec 7: POST /api/admin/grant-lecture `{email, lectureName}`, and the lecture id (names repeat across terms). */
export const grantLectureApi = api.injectEndpoints({
  endpoints: (build) => ({
    grantLecture: build.mutation<ResponseOf<'POST /api/admin/grant-lecture'>, z.input<typeof grantLectureBody>>({
      query: (body) => ({ route: 'POST /api/admin/grant-lecture', body }),
      invalidatesTags: (res) => (res ? ['User', 'Purchase'] : []),
    }),
  }),
});

export const { useGrantLectureMutation } = grantLectureApi;
