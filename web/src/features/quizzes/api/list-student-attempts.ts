import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type StudentAttempt = ResponseOf<'GET /api/Quiz/students-results/{quizId}/{userId}/attempts'>['data'][number];

/** GET /api/Quiz/students-results/{quizId}/{userId}/attempts: one student's attempts with each question's mark (the teacher opens a row). */
export const listStudentAttemptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listStudentAttempts: build.query<StudentAttempt[], { quizId: string; userId: string }>({
      query: (params) => ({ route: 'GET /api/Quiz/students-results/{quizId}/{userId}/attempts', params }),
      transformResponse: (res: ResponseOf<'GET /api/Quiz/students-results/{quizId}/{userId}/attempts'>) => res.data,
      providesTags: (_r, _e, { quizId }) => [{ type: 'QuizResult', id: quizId }],
    }),
  }),
});

export const { useListStudentAttemptsQuery } = listStudentAttemptsApi;
