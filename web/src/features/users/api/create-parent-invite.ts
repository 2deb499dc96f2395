import { api } from '@/lib/api';
import { PARENT_ROUTES, type ParentInvite } from '@/lib/parent-routes';

/** Issue 43: POST /api/user/parent-invite → a code for a parent's sign-up (7 days, once); a new one replaces the unused one. 409 parent.tooMany with four parents linked. */
export const createParentInviteApi = api.injectEndpoints({
  endpoints: (build) => ({
    createParentInvite: build.mutation<ParentInvite, void>({
      query: () => ({ route: PARENT_ROUTES.createParentInvite }),
      transformResponse: (res: { data: ParentInvite }) => res.data,
    }),
  }),
});

export const { useCreateParentInviteMutation } = createParentInviteApi;
