import type { z } from 'zod';
import type { contactBody } from '@shared/schemas/people';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** POST /api/user/contect_us {subject, message} (student). A new message makes the teacher's inbox stale. */
export const sendMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendMessage: build.mutation<ResponseOf<'POST /api/user/contect_us'>, z.output<typeof contactBody>>({
      query: (body) => ({ route: 'POST /api/user/contect_us', body }),
      invalidatesTags: ['Message'],
    }),
  }),
});

export const { useSendMessageMutation } = sendMessageApi;
