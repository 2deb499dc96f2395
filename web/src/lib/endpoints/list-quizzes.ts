import type { z } from 'zod';
import type { quizSummary } from '@shared/schemas/responses';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** A row of the quiz lists (spec 3 "Quiz"): no questions, their count. */
export type QuizSummary = z.output<typeof quizSummary>;
/** What a quiz select needs of a quiz (the lecture editor's video quiz). */
export type QuizOption = Pick<QuizSummary, 'id' | 'title'>;

/**
 * Every quiz (GET /api/Quiz/AllQuizz, admin): the quizzes screen lists them, the lecture editor
 * ties a video to one. Shared by both features; a quiz mutation invalidates 'Quiz' and both refresh.
 */
export const listQuizzesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQuizzes: build.query<QuizSummary[], void>({
      query: () => ({ route: 'GET /api/Quiz/AllQuizz' }),
      transformResponse: (res: ResponseOf<'GET /api/Quiz/AllQuizz'>) => (Array.isArray(res?.data) ? res.data : []),
      providesTags: ['Quiz'],
    }),
  }),
});

export const { useListQuizzesQuery } = listQuizzesApi;
