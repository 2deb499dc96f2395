import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** GET /api/user/messages/unread (student): the top bar's badge on "Contact us". */
export const countUnreadRepliesApi = api.injectEndpoints({
  endpoints: (build) => ({
    countUnreadReplies: build.query<number, void>({
      query: () => ({ route: 'GET /api/user/messages/unread' }),
      transformResponse: (res: ResponseOf<'GET /api/user/messages/unread'>) => res?.data?.unread ?? 0,
    }),
  }),
});

export const { useCountUnreadRepliesQuery } = countUnreadRepliesApi;
