import type { Settings } from '@shared/schemas/devices';
import { api } from '@/lib/api';

export type { Settings };

/** Issue 41: GET /api/admin/settings — the teacher's switches (devices per student, the removal period, one session, the sharing flag). */
export const getSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSettings: build.query<Settings, void>({
      query: () => ({ route: 'GET /api/admin/settings' }),
      transformResponse: (res: { data: Settings }) => res.data,
      providesTags: ['Settings'],
    }),
  }),
});

export const { useGetSettingsQuery } = getSettingsApi;
