import type { NotificationSettings } from '@shared/schemas/notifications';
import { api } from '@/lib/api';
import { getNotificationSettingsApi } from './get-notification-settings';

/** PATCH /api/user/notification-settings (student): the switch sent is saved, the other kept; the answer is both. */
export const updateNotificationSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateNotificationSettings: build.mutation<NotificationSettings, Partial<NotificationSettings>>({
      query: (body) => ({ route: 'PATCH /api/user/notification-settings', body }),
      transformResponse: (res: { data: NotificationSettings }) => res.data,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const answer = await queryFulfilled.catch(() => undefined);
        if (answer) dispatch(getNotificationSettingsApi.util.upsertQueryData('getNotificationSettings', undefined, answer.data));
      },
    }),
  }),
});

export const { useUpdateNotificationSettingsMutation } = updateNotificationSettingsApi;
