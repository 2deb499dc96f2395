import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type QuizResults = ResponseOf<'GET /api/Quiz/students-results/{quizId}'>;

/** GET /api/Quiz/students-results/{quizId}: each student's best attempt, the summary and per-question analytics. */
export const listQuizResultsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQuizResults: build.query<QuizResults, string>({
      query: (quizId) => ({ route: 'GET /api/Quiz/students-results/{quizId}', params: { quizId } }),
      providesTags: (_r, _e, quizId) => [{ type: 'QuizResult', id: quizId }, 'QuizResult'],
    }),
  }),
});

export const { useListQuizResultsQuery } = listQuizResultsApi;
