import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { countUnreadRepliesApi } from './count-unread-replies';

/** POST /api/user/messages/read (student): they opened /contact; the top bar's badge takes 0. */
export const markRepliesReadApi = api.injectEndpoints({
  endpoints: (build) => ({
    markRepliesRead: build.mutation<ResponseOf<'POST /api/user/messages/read'>, void>({
      query: () => ({ route: 'POST /api/user/messages/read' }),
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(countUnreadRepliesApi.util.upsertQueryData('countUnreadReplies', undefined, data.data.unread));
      },
    }),
  }),
});

export const { useMarkRepliesReadMutation } = markRepliesReadApi;
