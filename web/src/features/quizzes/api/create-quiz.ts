import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { type QuizSave, quizFormData } from '../lib/admin-quiz-body';

/** POST /api/Quiz/quiz (multipart); the quiz lists refresh. */
export const createQuizApi = api.injectEndpoints({
  endpoints: (build) => ({
    createQuiz: build.mutation<ResponseOf<'POST /api/Quiz/quiz'>, QuizSave>({
      query: (input) => ({ route: 'POST /api/Quiz/quiz', formData: quizFormData(input) }),
      invalidatesTags: ['Quiz'],
    }),
  }),
});

export const { useCreateQuizMutation } = createQuizApi;
