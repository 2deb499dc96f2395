import type { z } from 'zod';
import type { loginBody, MfaChallengeResponse } from '@shared/schemas/auth';
import { api, type ApiFailure } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { deviceId } from '@/lib/device-id';
import type { StoredSession } from '@/lib/session';

/** Validated on the form with `loginBody` (shared/schemas/auth.ts); a type here, so the shell loads no zod. */
export type LogInInput = z.input<typeof loginBody>;

/** An account with an authenticator app (an admin's): the password was right, its code comes next. */
export type MfaChallenge = Omit<MfaChallengeResponse, 'message'>;
export const isMfaChallenge = (r: StoredSession | MfaChallenge): r is MfaChallenge => 'challenge' in r;

/** Spec 8: a failed call with no response keeps this as its error. */
export const noResponse = (msgError: string) => (e: ApiFailure) => (e.status === 0 && !e.handled ? { ...e, data: { msgError } } : e);

/**
 * Spec 7: the result is the data field of the response body (the user with role and token), or the
 * authenticator's challenge. Every sign-in carries this browser's device id (issue 41).
 */
export const logInApi = api.injectEndpoints({
  endpoints: (build) => ({
    logIn: build.mutation<StoredSession | MfaChallenge, LogInInput>({
      query: (body) => ({ route: 'POST /api/auth/login', body: { ...body, deviceId: deviceId() } }),
      transformResponse: (res: ResponseOf<'POST /api/auth/login'>) => ('challenge' in res ? { challenge: res.challenge, session: res.session } : res.data),
      transformErrorResponse: noResponse('Unknown error'),
    }),
  }),
});

export const { useLogInMutation } = logInApi;
