import { api } from '@/lib/api';
import { noResponse } from './log-in';

/** Empty body; a 401 here is the caller's business (the session is being ended anyway). */
export const logOutApi = api.injectEndpoints({
  endpoints: (build) => ({
    logOut: build.mutation<unknown, void>({
      query: () => ({ route: 'POST /api/auth/logout', sessionErrors: false }),
      transformErrorResponse: noResponse('Failed to logout'),
    }),
  }),
});

export const { useLogOutMutation } = logOutApi;
