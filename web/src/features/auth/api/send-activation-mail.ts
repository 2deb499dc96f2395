import type { z } from 'zod';
import type { sendActivationMailBody } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { noResponse } from './log-in';

export type SendActivationMailInput = z.input<typeof sendActivationMailBody>;

/** POST /api/auth/resend-activation: the same answer whether or not the e-mail has an account waiting. */
export const sendActivationMailApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendActivationMail: build.mutation<unknown, SendActivationMailInput>({
      query: (body) => ({ route: 'POST /api/auth/resend-activation', body }),
      transformErrorResponse: noResponse('An unknown error occurred'),
    }),
  }),
});

export const { useSendActivationMailMutation } = sendActivationMailApi;
