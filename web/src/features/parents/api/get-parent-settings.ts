import { api } from '@/lib/api';
import { PARENT_ROUTES, type ParentSettings } from '@/lib/parent-routes';

/** Issue 43: GET /api/parent/settings — the weekly report's channels (both on until switched off). */
export const getParentSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getParentSettings: build.query<ParentSettings, void>({
      query: () => ({ route: PARENT_ROUTES.getParentSettings }),
      transformResponse: (res: { data: ParentSettings }) => res.data,
    }),
  }),
});

export const { useGetParentSettingsQuery } = getParentSettingsApi;
