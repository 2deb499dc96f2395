import type { z } from 'zod';
import type { startMfaSetupBody } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type StartMfaSetupInput = z.input<typeof startMfaSetupBody>;

/** The authenticator's secret and otpauth:// URI, for the password (asked again). */
export const startMfaSetupApi = api.injectEndpoints({
  endpoints: (build) => ({
    startMfaSetup: build.mutation<{ secret: string; uri: string }, StartMfaSetupInput>({
      query: (body) => ({ route: 'POST /api/auth/mfa/setup', body }),
      transformResponse: (res: ResponseOf<'POST /api/auth/mfa/setup'>) => res.data,
    }),
  }),
});

export const { useStartMfaSetupMutation } = startMfaSetupApi;
