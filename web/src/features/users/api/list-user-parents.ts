import { api } from '@/lib/api';
import { type LinkedParent, PARENT_ROUTES } from '@/lib/parent-routes';

/** Issue 43: GET /api/admin/users/{userId}/parents — the parents linked to a student (the teacher's student page). */
export const listUserParentsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUserParents: build.query<LinkedParent[], string>({
      query: (userId) => ({ route: PARENT_ROUTES.listUserParents, params: { userId } }),
      transformResponse: (res: { data: LinkedParent[] }) => res.data,
    }),
  }),
});

export const { useListUserParentsQuery } = listUserParentsApi;
