import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type MyDevices = ResponseOf<'GET /api/user/devices'>['data'];

/** Issue 41: GET /api/user/devices — the devices my account is used on, the teacher's limit and period, and when I may next remove one (null: now). */
export const listMyDevicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMyDevices: build.query<MyDevices, void>({
      query: () => ({ route: 'GET /api/user/devices' }),
      transformResponse: (res: ResponseOf<'GET /api/user/devices'>) => res.data,
      providesTags: ['Device'],
    }),
  }),
});

export const { useListMyDevicesQuery } = listMyDevicesApi;
