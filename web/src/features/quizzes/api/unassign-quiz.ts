import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** DELETE /api/Quiz/unassign-from-content/{quizId}: the section's list reloads (tag Quiz). */
export const unassignQuizApi = api.injectEndpoints({
  endpoints: (build) => ({
    unassignQuiz: build.mutation<ResponseOf<'DELETE /api/Quiz/unassign-from-content/{quizId}'>, string>({
      query: (quizId) => ({ route: 'DELETE /api/Quiz/unassign-from-content/{quizId}', params: { quizId } }),
      invalidatesTags: ['Quiz'],
    }),
  }),
});

export const { useUnassignQuizMutation } = unassignQuizApi;
