import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { type QuizSave, quizFormData } from '../lib/admin-quiz-body';

/** PATCH /api/Quiz/{quizId} (multipart); the lists, the quiz and its results refresh. */
export const updateQuizApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateQuiz: build.mutation<ResponseOf<'PATCH /api/Quiz/{quizId}'>, QuizSave & { quizId: string }>({
      query: ({ quizId, ...input }) => ({ route: 'PATCH /api/Quiz/{quizId}', params: { quizId }, formData: quizFormData(input) }),
      invalidatesTags: ['Quiz', 'QuizResult'],
    }),
  }),
});

export const { useUpdateQuizMutation } = updateQuizApi;
