import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type RefusalDevices = ResponseOf<'GET /api/auth/devices'>['data'];

/**
 * Issue 41: a Google sign-in refused for one device too many comes back to the login page with only
 * the refusal's token; with it, GET /api/auth/devices lists what the password's 403 lists.
 */
export const listRefusalDevicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listRefusalDevices: build.query<RefusalDevices, string>({
      query: (removalToken) => ({ route: 'GET /api/auth/devices', query: { removalToken } }),
      transformResponse: (res: ResponseOf<'GET /api/auth/devices'>) => res.data,
    }),
  }),
});

export const { useListRefusalDevicesQuery } = listRefusalDevicesApi;
