import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import type { QuizSummary } from '@/lib/endpoints/list-quizzes';

/** GET /api/Quizz/section/{contentId}: a Quiz section's quizzes on the content page (student view). */
export const listQuizzesToTakeApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQuizzesToTake: build.query<QuizSummary[], string>({
      query: (contentId) => ({ route: 'GET /api/Quizz/section/{contentId}', params: { contentId } }),
      transformResponse: (res: ResponseOf<'GET /api/Quizz/section/{contentId}'>) => res.data,
      providesTags: ['Quiz'],
    }),
  }),
});

export const { useListQuizzesToTakeQuery } = listQuizzesToTakeApi;
