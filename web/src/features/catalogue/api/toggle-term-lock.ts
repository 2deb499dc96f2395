import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** Empty body; the response says the term's new state. Spec 4: then the term list reloads (tag Term). */
export const toggleTermLockApi = api.injectEndpoints({
  endpoints: (build) => ({
    toggleTermLock: build.mutation<ResponseOf<'PATCH /api/cours/Term/lock/{termId}'>, string>({
      query: (termId) => ({ route: 'PATCH /api/cours/Term/lock/{termId}', params: { termId } }),
      invalidatesTags: ['Term'],
    }),
  }),
});

export const { useToggleTermLockMutation } = toggleTermLockApi;
