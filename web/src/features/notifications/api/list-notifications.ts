import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type NotificationList = ResponseOf<'GET /api/user/notifications'>;
export type StudentNotification = NotificationList['data'][number];

/** GET /api/user/notifications (student): the bell's count and, once it opens, its list (one call, one cache). */
export const listNotificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listNotifications: build.query<NotificationList, void>({
      query: () => ({ route: 'GET /api/user/notifications' }),
    }),
  }),
});

export const { useListNotificationsQuery } = listNotificationsApi;
