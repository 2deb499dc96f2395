import { api } from '@/lib/api';

/**
 * Issue 41: a sign-in refused for one device too many (403 auth.deviceLimit) carries a removal
 * token; with it the student removes one of the account's devices (its handle), then signs in again.
 */
export const removeDeviceWithTokenApi = api.injectEndpoints({
  endpoints: (build) => ({
    removeDeviceWithToken: build.mutation<unknown, { removalToken: string; deviceId: string }>({
      query: (body) => ({ route: 'POST /api/auth/devices/remove', body }),
    }),
  }),
});

export const { useRemoveDeviceWithTokenMutation } = removeDeviceWithTokenApi;
