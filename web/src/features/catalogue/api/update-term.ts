import { api } from '@/lib/api';
import type { BodyOf, ResponseOf } from '@/lib/api-client';

export type TermBundleInput = NonNullable<BodyOf<'PATCH /api/cours/Term/bundle/{termId}'>>;

/** PATCH /api/cours/Term/bundle/{termId} {bundlePrice, endsAt}: the term's whole-term price and end; the term list (and any offer) reloads. */
export const updateTermApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateTerm: build.mutation<ResponseOf<'PATCH /api/cours/Term/bundle/{termId}'>, { termId: string } & TermBundleInput>({
      query: ({ termId, ...body }) => ({ route: 'PATCH /api/cours/Term/bundle/{termId}', params: { termId }, body }),
      invalidatesTags: ['Term'],
    }),
  }),
});

export const { useUpdateTermMutation } = updateTermApi;
