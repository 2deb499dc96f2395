import type { z } from 'zod';
import type { quizAdmin, quizView } from '@shared/schemas/responses';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** The quiz as a student takes it: no answers, the open timed attempt, attempts used and left. */
export type QuizView = z.output<typeof quizView>;
/** The whole quiz as an admin reads it: the right answers, its section, the videos using it. */
export type QuizAdmin = z.output<typeof quizAdmin>;

export const isQuizView = (q: QuizView | QuizAdmin): q is QuizView => 'attemptsUsed' in q;

/**
 * GET /api/Quizz/{quizId}: a student gets the quiz to take (for a timed quiz this opens the
 * attempt on the server), an admin the whole quiz. A submit does not refetch it (that would open
 * the next timed attempt at once): the quiz screen refetches when the student chooses to retry.
 */
export const getQuizApi = api.injectEndpoints({
  endpoints: (build) => ({
    getQuiz: build.query<QuizView | QuizAdmin, string>({
      query: (quizId) => ({ route: 'GET /api/Quizz/{quizId}', params: { quizId } }),
      transformResponse: (res: ResponseOf<'GET /api/Quizz/{quizId}'>) => res.data,
      providesTags: (_r, _e, quizId) => [{ type: 'Quiz', id: quizId }],
    }),
  }),
});

export const { useGetQuizQuery } = getQuizApi;
