import { api } from '@/lib/api';
import type { BodyOf, ResponseOf } from '@/lib/api-client';
import { listNotificationsApi } from './list-notifications';

/**
 * POST /api/user/notifications/read {ids} | {all: true} (student): the list shows them read at once
 * and takes the server's unread count when it answers (a failure puts the list back).
 */
export const markNotificationsReadApi = api.injectEndpoints({
  endpoints: (build) => ({
    markNotificationsRead: build.mutation<ResponseOf<'POST /api/user/notifications/read'>, BodyOf<'POST /api/user/notifications/read'>>({
      query: (body) => ({ route: 'POST /api/user/notifications/read', body }),
      async onQueryStarted(body, { dispatch, queryFulfilled }) {
        const ids = new Set('ids' in body ? body.ids : []);
        const patch = dispatch(
          listNotificationsApi.util.updateQueryData('listNotifications', undefined, (list) => {
            for (const n of list.data) if ('all' in body || ids.has(n.id)) n.read = true;
            list.unread = list.data.filter((n) => !n.read).length;
          }),
        );
        const answer = await queryFulfilled.catch(() => undefined);
        if (!answer) return patch.undo();
        dispatch(
          listNotificationsApi.util.updateQueryData('listNotifications', undefined, (list) => {
            list.unread = answer.data.data.unread;
          }),
        );
      },
    }),
  }),
});

export const { useMarkNotificationsReadMutation } = markNotificationsReadApi;
