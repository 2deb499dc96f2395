import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { countUnreadMessagesApi } from './count-unread-messages';

/** POST /api/admin/messages/read (admin): the teacher opened the inbox. The badge takes the new count; the list keeps its marks until its next load. */
export const markMessagesReadApi = api.injectEndpoints({
  endpoints: (build) => ({
    markMessagesRead: build.mutation<ResponseOf<'POST /api/admin/messages/read'>, void>({
      query: () => ({ route: 'POST /api/admin/messages/read' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(countUnreadMessagesApi.util.upsertQueryData('countUnreadMessages', undefined, data.data.unread));
      },
    }),
  }),
});

export const { useMarkMessagesReadMutation } = markMessagesReadApi;
