import type { UpdateProfileBody } from '@shared/schemas/people';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { getProfileApi } from './get-profile';

export type ProfileUpdated = ResponseOf<'PATCH /api/user/update'>;

/**
 * Spec 7: PATCH /api/user/update `{firstName, lastName, Password, newPassword, confirmNPassword}`.
 * The answer's profile replaces the cached one; `passwordChanged` says the other sessions end.
 */
export const updateProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<ProfileUpdated, UpdateProfileBody>({
      query: (body) => ({ route: 'PATCH /api/user/update', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data?.data) dispatch(getProfileApi.util.upsertQueryData('getProfile', undefined, data.data));
      },
      invalidatesTags: (res) => (res ? ['User'] : []),
    }),
  }),
});

export const { useUpdateProfileMutation } = updateProfileApi;
