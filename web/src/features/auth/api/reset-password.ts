import type { z } from 'zod';
import type { resetPasswordBody } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { noResponse } from './log-in';

/** Validated on the form with `resetPasswordBody` (shared/schemas/auth.ts); a type here, so the shell loads no zod. */
export type ResetPasswordInput = z.input<typeof resetPasswordBody>;

export const resetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    resetPassword: build.mutation<unknown, ResetPasswordInput>({
      query: (body) => ({ route: 'POST /api/auth/reset-password', body }),
      transformErrorResponse: noResponse('An unknown error occurred'),
    }),
  }),
});

export const { useResetPasswordMutation } = resetPasswordApi;
