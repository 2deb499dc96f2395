import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type ContactMessage = ResponseOf<'GET /api/admin/contect'>['data'][number];

/** GET /api/admin/contect (admin): newest first, each with `read`, and the unread count. */
export const listMessagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listMessages: build.query<ResponseOf<'GET /api/admin/contect'>, void>({
      query: () => ({ route: 'GET /api/admin/contect' }),
      transformResponse: (res: ResponseOf<'GET /api/admin/contect'>) => ({ data: Array.isArray(res?.data) ? res.data : [], unread: res?.unread ?? 0 }),
      providesTags: ['Message'],
    }),
  }),
});

export const { useListMessagesQuery } = listMessagesApi;
