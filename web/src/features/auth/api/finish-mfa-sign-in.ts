import type { z } from 'zod';
import type { finishMfaSignInBody } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import type { StoredSession } from '@/lib/session';
import { noResponse } from './log-in';

export type FinishMfaSignInInput = z.input<typeof finishMfaSignInBody>;

/** The log-in's second step: the authenticator app's code for the challenge's session; the same user and token as a log-in. */
export const finishMfaSignInApi = api.injectEndpoints({
  endpoints: (build) => ({
    finishMfaSignIn: build.mutation<StoredSession, FinishMfaSignInInput>({
      query: (body) => ({ route: 'POST /api/auth/login/mfa', body }),
      transformResponse: (res: ResponseOf<'POST /api/auth/login/mfa'>) => res.data,
      transformErrorResponse: noResponse('Unknown error'),
    }),
  }),
});

export const { useFinishMfaSignInMutation } = finishMfaSignInApi;
