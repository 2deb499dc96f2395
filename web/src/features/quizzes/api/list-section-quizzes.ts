import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import type { QuizSummary } from '@/lib/endpoints/list-quizzes';

/** GET /api/Quiz/quizzes/{contentId} (admin): the quizzes assigned to a section; reloads after an assign or unassign (tag Quiz). */
export const listSectionQuizzesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSectionQuizzes: build.query<QuizSummary[], string>({
      query: (contentId) => ({ route: 'GET /api/Quiz/quizzes/{contentId}', params: { contentId } }),
      transformResponse: (res: ResponseOf<'GET /api/Quiz/quizzes/{contentId}'>) => res.data,
      providesTags: ['Quiz'],
    }),
  }),
});

export const { useListSectionQuizzesQuery } = listSectionQuizzesApi;
