import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type MyAttempt = ResponseOf<'GET /api/Quizz/attempts/{quizId}'>['data'][number];

/** GET /api/Quizz/attempts/{quizId}: my finished attempts, first to last; read again after a submit (tag QuizResult). */
export const listMyAttemptsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMyAttempts: build.query<MyAttempt[], string>({
      query: (quizId) => ({ route: 'GET /api/Quizz/attempts/{quizId}', params: { quizId } }),
      transformResponse: (res: ResponseOf<'GET /api/Quizz/attempts/{quizId}'>) => res.data,
      providesTags: (_r, _e, quizId) => [{ type: 'QuizResult', id: quizId }],
    }),
  }),
});

export const { useListMyAttemptsQuery } = listMyAttemptsApi;
