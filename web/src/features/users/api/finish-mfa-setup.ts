import type { z } from 'zod';
import type { finishMfaSetupBody } from '@shared/schemas/auth';
import { api } from '@/lib/api';

export type FinishMfaSetupInput = z.input<typeof finishMfaSetupBody>;

/** The authenticator's first code: from then every log-in asks for one. */
export const finishMfaSetupApi = api.injectEndpoints({
  endpoints: (build) => ({
    finishMfaSetup: build.mutation<unknown, FinishMfaSetupInput>({
      query: (body) => ({ route: 'POST /api/auth/mfa/finish', body }),
      invalidatesTags: ['Mfa'],
    }),
  }),
});

export const { useFinishMfaSetupMutation } = finishMfaSetupApi;
