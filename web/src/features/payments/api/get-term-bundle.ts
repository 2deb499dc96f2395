import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type TermBundle = NonNullable<ResponseOf<'GET /api/cours/bundle/{termId}'>['data']>;

/** GET /api/cours/bundle/{termId}: the whole term's offer to me (null: none sold now); a purchase or a teacher's edit reloads it. */
export const getTermBundleApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTermBundle: build.query<TermBundle | null, string>({
      query: (termId) => ({ route: 'GET /api/cours/bundle/{termId}', params: { termId } }),
      // Only an offer as the server gives it is shown (anything else: none).
      transformResponse: (res: ResponseOf<'GET /api/cours/bundle/{termId}'>) => (res?.data && typeof res.data.bundlePrice === 'number' && typeof res.data.lecturesPrice === 'number' ? res.data : null),
      providesTags: ['Term', 'Purchase'],
    }),
  }),
});

export const { useGetTermBundleQuery } = getTermBundleApi;
