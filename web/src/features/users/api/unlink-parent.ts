import { api } from '@/lib/api';
import { PARENT_ROUTES } from '@/lib/parent-routes';
import { listUserParentsApi } from './list-user-parents';

/** Issue 43: DELETE /api/admin/users/{userId}/parents/{parentId} — the teacher unlinks a parent; the student's list drops them. */
export const unlinkParentApi = api.injectEndpoints({
  endpoints: (build) => ({
    unlinkParent: build.mutation<unknown, { userId: string; parentId: string }>({
      query: (params) => ({ route: PARENT_ROUTES.unlinkParent, params }),
      async onQueryStarted({ userId, parentId }, { dispatch, queryFulfilled }) {
        // A failed unlink changes nothing: the screen says so (the mutation's own error).
        if (await queryFulfilled.then(() => true, () => false))
          dispatch(listUserParentsApi.util.updateQueryData('listUserParents', userId, (parents) => parents.filter((p) => p.id !== parentId)));
      },
    }),
  }),
});

export const { useUnlinkParentMutation } = unlinkParentApi;
