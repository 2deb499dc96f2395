import type { z } from 'zod';
import type { signupBody } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { noResponse } from './log-in';

/** Validated on the form with `signupBody` (shared/schemas/auth.ts); a type here, so the shell loads no zod. */
export type SignUpInput = z.input<typeof signupBody>;
export type SignUpBody = z.output<typeof signupBody>;
/** Issue 43: a parent's sign-up — no school year, the child's invite code, role PARENT. */
export type ParentSignUpBody = Omit<SignUpBody, 'schooleYear'> & { role: 'PARENT'; parentCode: string };

export const signUpApi = api.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<unknown, SignUpBody | ParentSignUpBody>({
      query: (body) => ({ route: 'POST /api/auth/signup', body: body as SignUpBody }),
      transformErrorResponse: noResponse('Unknown error'),
    }),
  }),
});

export const { useSignUpMutation } = signUpApi;
