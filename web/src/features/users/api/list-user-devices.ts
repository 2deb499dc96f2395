import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type UserDevices = ResponseOf<'GET /api/admin/users/{userId}/devices'>['data'];
export type SignIn = UserDevices['signIns'][number];
export type SharingEvent = UserDevices['events'][number];

/** Issue 41: GET /api/admin/users/{userId}/devices — a student's devices, the last 20 sign-ins (the address's first three octets) and the week's sharing signals. */
export const listUserDevicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUserDevices: build.query<UserDevices, string>({
      query: (userId) => ({ route: 'GET /api/admin/users/{userId}/devices', params: { userId } }),
      transformResponse: (res: ResponseOf<'GET /api/admin/users/{userId}/devices'>) => res.data,
      providesTags: (_r, _e, userId) => [{ type: 'Device', id: userId }],
    }),
  }),
});

export const { useListUserDevicesQuery } = listUserDevicesApi;
