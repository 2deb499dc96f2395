import { api } from '@/lib/api';
import type { Device } from '@/lib/devices';

export interface RefusalDevices {
  devices: Device[];
  limit: number;
  nextRemovalAt: string | null;
}

/**
 * Issue 41: a Google sign-in refused for one device too many comes back to the login page with only
 * the refusal's token; with it, GET /api/auth/devices lists what the password's 403 lists.
 */
export const listRefusalDevicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRefusalDevices: build.query<RefusalDevices, string>({
      query: (removalToken) => ({ route: 'GET /api/auth/devices', query: { removalToken } }),
      transformResponse: (res: { data: RefusalDevices }) => res.data,
    }),
  }),
});

export const { useListRefusalDevicesQuery } = listRefusalDevicesApi;
