import type { z } from 'zod';
import type { loginBody } from '@shared/schemas/auth';
import { api, type ApiFailure } from '@/lib/api';
import type { StoredSession } from '@/lib/session';

/** Validated on the form with `loginBody` (shared/schemas/auth.ts); a type here, so the shell loads no zod. */
export type LogInInput = z.input<typeof loginBody>;

/** Spec 8: a failed call with no response keeps this as its error. */
export const noResponse = (msgError: string) => (e: ApiFailure) => (e.status === 0 && !e.handled ? { ...e, data: { msgError } } : e);

/** Spec 7: the result is the data field of the response body (the user with role and token). */
export const logInApi = api.injectEndpoints({
  endpoints: (build) => ({
    logIn: build.mutation<StoredSession, LogInInput>({
      query: (body) => ({ route: 'POST /api/auth/login', body }),
      transformResponse: (res: { data: StoredSession }) => res.data,
      transformErrorResponse: noResponse('Unknown error'),
    }),
  }),
});

export const { useLogInMutation } = logInApi;
