import { api } from '@/lib/api';

export interface QuizOption {
  id: string;
  title: string;
}

/**
 * The quizzes a video can be tied to. The quiz routes answer 501 until the quiz issue lands;
 * then (and on any other failure) the select just offers none.
 */
export const listQuizzesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listQuizzes: build.query<QuizOption[], void>({
      query: () => ({ route: 'GET /api/Quiz/AllQuizz' }),
      transformResponse: (res: unknown) => {
        const list = Array.isArray(res) ? res : Array.isArray((res as { data?: unknown })?.data) ? (res as { data: unknown[] }).data : [];
        return list
          .filter((q): q is { id: string; title?: string } => !!q && typeof q === 'object' && typeof (q as { id?: unknown }).id === 'string')
          .map((q) => ({ id: q.id, title: q.title ?? q.id }));
      },
      providesTags: ['Quiz'],
    }),
  }),
});

export const { useListQuizzesQuery } = listQuizzesApi;
