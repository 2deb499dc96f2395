import type { z } from 'zod';
import type { replyBody } from '@shared/schemas/people';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** POST /api/admin/messages/{id}/reply {text} (admin): the inbox reloads with the reply under the message. */
export const addReplyApi = api.injectEndpoints({
  endpoints: (build) => ({
    addReply: build.mutation<ResponseOf<'POST /api/admin/messages/{id}/reply'>, { id: string } & z.output<typeof replyBody>>({
      query: ({ id, text }) => ({ route: 'POST /api/admin/messages/{id}/reply', params: { id }, body: { text } }),
      invalidatesTags: ['Message'],
    }),
  }),
});

export const { useAddReplyMutation } = addReplyApi;
