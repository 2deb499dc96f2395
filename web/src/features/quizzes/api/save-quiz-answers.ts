import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import type { QuizAnswer } from './submit-quiz';

/** PUT /api/Quizz/answers/{quizId}: a timed attempt's answers, saved as the student gives them. */
export const saveQuizAnswersApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveQuizAnswers: build.mutation<ResponseOf<'PUT /api/Quizz/answers/{quizId}'>['data'], { quizId: string; answers: QuizAnswer[] }>({
      query: ({ quizId, answers }) => ({ route: 'PUT /api/Quizz/answers/{quizId}', params: { quizId }, body: { answers } }),
      transformResponse: (res: ResponseOf<'PUT /api/Quizz/answers/{quizId}'>) => res.data,
    }),
  }),
});

export const { useSaveQuizAnswersMutation } = saveQuizAnswersApi;
