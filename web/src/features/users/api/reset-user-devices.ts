import { api } from '@/lib/api';

/** Issue 41: DELETE /api/admin/users/{userId}/devices — the teacher resets a student's devices (each is signed out); the student's page refetches. */
export const resetUserDevicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    resetUserDevices: build.mutation<unknown, string>({
      query: (userId) => ({ route: 'DELETE /api/admin/users/{userId}/devices', params: { userId } }),
      invalidatesTags: (_r, error, userId) => (error ? [] : [{ type: 'Device', id: userId }, 'User']),
    }),
  }),
});

export const { useResetUserDevicesMutation } = resetUserDevicesApi;
