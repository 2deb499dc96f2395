import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** POST /api/Quiz/associate-quiz/{contentId}/{quizId}: spec 7, the content's quizzes reload after it (tag Quiz). */
export const assignQuizApi = api.injectEndpoints({
  endpoints: (build) => ({
    assignQuiz: build.mutation<ResponseOf<'POST /api/Quiz/associate-quiz/{contentId}/{quizId}'>, { contentId: string; quizId: string }>({
      query: (params) => ({ route: 'POST /api/Quiz/associate-quiz/{contentId}/{quizId}', params }),
      invalidatesTags: ['Quiz'],
    }),
  }),
});

export const { useAssignQuizMutation } = assignQuizApi;
