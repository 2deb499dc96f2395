import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type QuizStatus = ResponseOf<'GET /api/Quizz/status/check/{quizId}'>['data'];

/** GET /api/Quizz/status/check/{quizId}: passed once any attempt passed, the best score. Rechecked after a submit (tag QuizStatus). */
export const checkQuizStatusApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkQuizStatus: build.query<QuizStatus, string>({
      query: (quizId) => ({ route: 'GET /api/Quizz/status/check/{quizId}', params: { quizId } }),
      transformResponse: (res: ResponseOf<'GET /api/Quizz/status/check/{quizId}'>) => res.data,
      providesTags: (_r, _e, quizId) => [{ type: 'QuizStatus', id: quizId }],
    }),
  }),
});

export const { useCheckQuizStatusQuery } = checkQuizStatusApi;
