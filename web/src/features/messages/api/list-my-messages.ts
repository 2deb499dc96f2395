import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type MyMessage = ResponseOf<'GET /api/user/messages'>['data'][number];

/** GET /api/user/messages (student): their messages newest first with the teacher's replies, and the replies not yet seen. */
export const listMyMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMyMessages: build.query<ResponseOf<'GET /api/user/messages'>, void>({
      query: () => ({ route: 'GET /api/user/messages' }),
      transformResponse: (res: ResponseOf<'GET /api/user/messages'>) => ({ data: Array.isArray(res?.data) ? res.data : [], unread: res?.unread ?? 0 }),
      providesTags: ['Message'],
    }),
  }),
});

export const { useListMyMessagesQuery } = listMyMessagesApi;
