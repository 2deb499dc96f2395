import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** DELETE /api/Quiz/{quizId}: its questions, assignment, results and images go; videos using it unlock. */
export const deleteQuizApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteQuiz: build.mutation<ResponseOf<'DELETE /api/Quiz/{quizId}'>, string>({
      query: (quizId) => ({ route: 'DELETE /api/Quiz/{quizId}', params: { quizId } }),
      invalidatesTags: ['Quiz', 'QuizResult', 'QuizStatus', 'Lecture'],
    }),
  }),
});

export const { useDeleteQuizMutation } = deleteQuizApi;
