import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** Spec 7: DELETE /api/user/deleteUser/{userId} (admin). The users list refetches. */
export const deleteUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteUser: build.mutation<ResponseOf<'DELETE /api/user/deleteUser/{userId}'>, string>({
      query: (userId) => ({ route: 'DELETE /api/user/deleteUser/{userId}', params: { userId } }),
      invalidatesTags: (res) => (res ? ['User'] : []),
    }),
  }),
});

export const { useDeleteUserMutation } = deleteUserApi;
