import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** DELETE /api/Quizz/questions/{quizId}/{questionId} (400 for a quiz's last question). */
export const deleteQuestionApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteQuestion: build.mutation<ResponseOf<'DELETE /api/Quizz/questions/{quizId}/{questionId}'>, { quizId: string; questionId: string }>({
      query: (params) => ({ route: 'DELETE /api/Quizz/questions/{quizId}/{questionId}', params }),
      invalidatesTags: ['Quiz', 'QuizResult'],
    }),
  }),
});

export const { useDeleteQuestionMutation } = deleteQuestionApi;
