import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** GET /api/admin/messages/unread (admin): the side menu's badge. */
export const countUnreadMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    countUnreadMessages: build.query<number, void>({
      query: () => ({ route: 'GET /api/admin/messages/unread' }),
      transformResponse: (res: ResponseOf<'GET /api/admin/messages/unread'>) => res?.data?.unread ?? 0,
      providesTags: ['Message'],
    }),
  }),
});

export const { useCountUnreadMessagesQuery } = countUnreadMessagesApi;
