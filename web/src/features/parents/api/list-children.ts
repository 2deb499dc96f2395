import { api } from '@/lib/api';
import { type Child, PARENT_ROUTES } from '@/lib/parent-routes';

/** Issue 43: GET /api/parent/children — the parent's linked children. */
export const listChildrenApi = api.injectEndpoints({
  endpoints: (build) => ({
    listChildren: build.query<Child[], void>({
      query: () => ({ route: PARENT_ROUTES.listChildren }),
      transformResponse: (res: { data: Child[] }) => res.data,
    }),
  }),
});

export const { useListChildrenQuery } = listChildrenApi;
