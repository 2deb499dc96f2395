import { api } from '@/lib/api';
import type { Device } from '@/lib/devices';

export interface MyDevices {
  devices: Device[];
  limit: number;
  /** Days between two removals. */
  removalDays: number;
  /** When a device may next be removed (ISO); null: now. */
  nextRemovalAt: string | null;
}

/** Issue 41: GET /api/user/devices — the devices my account is used on, the teacher's limit and when I may next remove one. */
export const listMyDevicesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMyDevices: build.query<MyDevices, void>({
      query: () => ({ route: 'GET /api/user/devices' }),
      transformResponse: (res: { data: MyDevices }) => res.data,
      providesTags: ['Device'],
    }),
  }),
});

export const { useListMyDevicesQuery } = listMyDevicesApi;
