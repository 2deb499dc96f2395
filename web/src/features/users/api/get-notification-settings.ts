import type { NotificationSettings } from '@shared/schemas/notifications';
import { api } from '@/lib/api';

export type { NotificationSettings };

/** GET /api/user/notification-settings (student): e-mail and WhatsApp beside the bell. */
export const getNotificationSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getNotificationSettings: build.query<NotificationSettings, void>({
      query: () => ({ route: 'GET /api/user/notification-settings' }),
      transformResponse: (res: { data: NotificationSettings }) => res.data,
    }),
  }),
});

export const { useGetNotificationSettingsQuery } = getNotificationSettingsApi;
