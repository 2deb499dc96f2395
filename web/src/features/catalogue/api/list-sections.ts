import type { z } from 'zod';
import type { section } from '@shared/schemas/catalogue';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { listOf } from '../lib/list-of';

export type Section = z.infer<typeof section>;

/** The content sections of a term. A student on a locked term gets 403 {message: 'This term is locked'}. */
export const listSectionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listSections: build.query<Section[], string>({
      query: (termId) => ({ route: 'GET /api/cours/content/{termId}', params: { termId } }),
      transformResponse: (res: ResponseOf<'GET /api/cours/content/{termId}'>) => listOf(res),
      providesTags: ['Section'],
    }),
  }),
});

export const { useListSectionsQuery } = listSectionsApi;
