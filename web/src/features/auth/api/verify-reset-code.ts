import type { z } from 'zod';
import type { verifyResetCodeBody } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { noResponse } from './log-in';

/** Validated with `verifyResetCodeBody` (shared/schemas/auth.ts); a type here, so the shell loads no zod. */
export type VerifyResetCodeInput = z.input<typeof verifyResetCodeBody>;

export const verifyResetCodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifyResetCode: build.mutation<unknown, VerifyResetCodeInput>({
      query: (body) => ({ route: 'POST /api/auth/verify-reset-code', body }),
      transformErrorResponse: noResponse('Verification failed'),
    }),
  }),
});

export const { useVerifyResetCodeMutation } = verifyResetCodeApi;
