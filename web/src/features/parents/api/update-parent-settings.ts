import { api } from '@/lib/api';
import { PARENT_ROUTES, type ParentSettings } from '@/lib/parent-routes';
import { getParentSettingsApi } from './get-parent-settings';

/** Issue 43: PATCH /api/parent/settings {reportEmail?, reportWhatsApp?} — one switch at a time; the stored answer is what the switches show. */
export const updateParentSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateParentSettings: build.mutation<ParentSettings, Partial<ParentSettings>>({
      query: (body) => ({ route: PARENT_ROUTES.updateParentSettings, body: body as never }),
      transformResponse: (res: { data: ParentSettings }) => res.data,
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const saved = await queryFulfilled.then(
          (r) => r.data,
          () => undefined,
        );
        if (saved) dispatch(getParentSettingsApi.util.upsertQueryData('getParentSettings', undefined, saved));
      },
    }),
  }),
});

export const { useUpdateParentSettingsMutation } = updateParentSettingsApi;
