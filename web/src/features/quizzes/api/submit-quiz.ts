import type { z } from 'zod';
import { QUIZ_STATUS_RECHECK_MS } from '@shared/constants';
import type { quizResult } from '@shared/schemas/responses';
import { api } from '@/lib/api';
import type { BodyOf, ResponseOf } from '@/lib/api-client';

export type QuizResult = z.output<typeof quizResult>;
export type QuizAnswer = BodyOf<'POST /api/Quizz/submit/{quizId}'>['answers'][number];

/**
 * POST /api/Quizz/submit/{quizId}: scored on the server. Spec 4: the pass status is rechecked
 * QUIZ_STATUS_RECHECK_MS (500 ms) after a submit — the status and every lecture (whose gate
 * depends on it: tag QuizStatus) refetch then, so the next video opens without a page reload.
 */
export const submitQuizApi = api.injectEndpoints({
  endpoints: (build) => ({
    submitQuiz: build.mutation<QuizResult, { quizId: string; answers: QuizAnswer[] }>({
      query: ({ quizId, answers }) => ({ route: 'POST /api/Quizz/submit/{quizId}', params: { quizId }, body: { answers } }),
      transformResponse: (res: ResponseOf<'POST /api/Quizz/submit/{quizId}'>) => res.data,
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          return;
        }
        setTimeout(() => dispatch(api.util.invalidateTags(['QuizStatus', 'QuizResult'])), QUIZ_STATUS_RECHECK_MS);
      },
    }),
  }),
});

export const { useSubmitQuizMutation } = submitQuizApi;
