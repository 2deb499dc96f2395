import { api } from '@/lib/api';
import type { Device } from '@/lib/devices';

export interface SignIn {
  at: string;
  name: string;
  kind: Device['kind'];
  os: string;
  browser: string;
  /** The address's first three octets (the last is the server's to keep). */
  ip: string;
}
export interface SharingEvent {
  at: string;
  kind: 'deviceRefused' | 'streamTakenOver';
  /** The device's English name, when the server knows it. */
  name?: string;
}
export interface UserDevices {
  devices: Device[];
  /** The last 20, newest first. */
  signIns: SignIn[];
  events: SharingEvent[];
  flagged: boolean;
}

/** Issue 41: GET /api/admin/users/{userId}/devices — a student's devices, last sign-ins and sharing signals. */
export const listUserDevicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listUserDevices: build.query<UserDevices, string>({
      query: (userId) => ({ route: 'GET /api/admin/users/{userId}/devices', params: { userId } }),
      transformResponse: (res: { data: UserDevices }) => res.data,
      providesTags: (_r, _e, userId) => [{ type: 'Device', id: userId }],
    }),
  }),
});

export const { useListUserDevicesQuery } = listUserDevicesApi;
