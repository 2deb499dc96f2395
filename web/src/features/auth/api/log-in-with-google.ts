import { api } from '@/lib/api';
import type { StoredSession } from '@/lib/session';

/**
 * /auth/google/callback trades the one-time code of a finished Google sign-in for the session:
 * the token and the user come from the server (by POST, with the sign-in's cookie), never from a URL.
 */
export const logInWithGoogleApi = api.injectEndpoints({
  endpoints: (build) => ({
    logInWithGoogle: build.mutation<StoredSession, { code: string }>({
      query: (body) => ({ route: 'POST /api/auth/google/exchange', body }),
      transformResponse: (res: { data: StoredSession }) => res.data,
    }),
  }),
});

export const { useLogInWithGoogleMutation } = logInWithGoogleApi;
