import { api } from '@/lib/api';

/** Issue 41: DELETE /api/user/devices/{deviceId} — remove one of my devices (at most once per the teacher's period: 429 devices.removalTooSoon with `nextRemovalAt`). */
export const removeMyDeviceApi = api.injectEndpoints({
  endpoints: (build) => ({
    removeMyDevice: build.mutation<unknown, string>({
      query: (deviceId) => ({ route: 'DELETE /api/user/devices/{deviceId}', params: { deviceId } }),
      invalidatesTags: ['Device'],
    }),
  }),
});

export const { useRemoveMyDeviceMutation } = removeMyDeviceApi;
