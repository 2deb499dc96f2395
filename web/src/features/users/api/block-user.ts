import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** Spec 7, 4: PATCH /api/user/blockUser/{userId} (admin), a toggle; the answer says the new state. */
export const blockUserApi = api.injectEndpoints({
  endpoints: (build) => ({
    blockUser: build.mutation<ResponseOf<'PATCH /api/user/blockUser/{userId}'>, string>({
      query: (userId) => ({ route: 'PATCH /api/user/blockUser/{userId}', params: { userId } }),
      invalidatesTags: (res) => (res ? ['User'] : []),
    }),
  }),
});

export const { useBlockUserMutation } = blockUserApi;
