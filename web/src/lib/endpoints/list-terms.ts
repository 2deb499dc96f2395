import type { Term } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export interface TermsOf {
  courseFor: string;
  courseId: string;
}

/**
 * Store area `terms` (spec 3, 4): the terms of one course's track. A lock toggle refetches them.
 * Shared by the catalogue (terms screens) and the users' assign-lecture modal (course → track → term).
 */
export const listTermsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listTerms: build.query<Term[], TermsOf>({
      query: ({ courseFor, courseId }) => ({ route: 'GET /api/cours/Term/{courseFor}/{courseId}', params: { courseFor, courseId } }),
      transformResponse: (res: ResponseOf<'GET /api/cours/Term/{courseFor}/{courseId}'>) => (Array.isArray(res?.data) ? res.data : []),
      providesTags: ['Term'],
    }),
  }),
});

export const { useListTermsQuery } = listTermsApi;
