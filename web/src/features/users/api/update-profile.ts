import type { UpdateProfileBody } from '@shared/schemas/people';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { sessionUserRenamed } from '@/lib/session';
import { getProfileApi } from './get-profile';

export type ProfileUpdated = ResponseOf<'PATCH /api/user/update'>;

/**
 * Spec 7: PATCH /api/user/update `{firstName, lastName, Password, newPassword, confirmNPassword}`.
 * The answer's profile replaces the cached one and the session's user (the top bar's name);
 * `passwordChanged` says the other sessions end.
 */
export const updateProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<ProfileUpdated, UpdateProfileBody>({
      query: (body) => ({ route: 'PATCH /api/user/update', body }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (!data?.data) return;
        dispatch(getProfileApi.util.upsertQueryData('getProfile', undefined, data.data));
        dispatch(sessionUserRenamed({ firstName: data.data.firstName, lastName: data.data.lastName }));
      },
      invalidatesTags: (res) => (res ? ['User'] : []),
    }),
  }),
});

export const { useUpdateProfileMutation } = updateProfileApi;
