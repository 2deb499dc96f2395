import type { Settings } from '@shared/schemas/devices';
import { api } from '@/lib/api';

/** Issue 41: PATCH /api/admin/settings — the settings sent are saved (the others keep theirs); the page refetches. */
export const updateSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateSettings: build.mutation<Settings, Partial<Settings>>({
      query: (body) => ({ route: 'PATCH /api/admin/settings', body }),
      transformResponse: (res: { data: Settings }) => res.data,
      invalidatesTags: (_r, error) => (error ? [] : ['Settings']),
    }),
  }),
});

export const { useUpdateSettingsMutation } = updateSettingsApi;
