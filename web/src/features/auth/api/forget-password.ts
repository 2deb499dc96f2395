import type { z } from 'zod';
import type { forgetPasswordBody } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { noResponse } from './log-in';

/** Validated on the form with `forgetPasswordBody` (shared/schemas/auth.ts); a type here, so the shell loads no zod. */
export type ForgetPasswordInput = z.input<typeof forgetPasswordBody>;

export const forgetPasswordApi = api.injectEndpoints({
  endpoints: (build) => ({
    forgetPassword: build.mutation<unknown, ForgetPasswordInput>({
      query: (body) => ({ route: 'POST /api/auth/forget-password', body }),
      transformErrorResponse: noResponse('An unknown error occurred'),
    }),
  }),
});

export const { useForgetPasswordMutation } = forgetPasswordApi;
