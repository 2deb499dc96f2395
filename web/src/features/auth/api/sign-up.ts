import type { z } from 'zod';
import type { parentSignupBody, signupBody, SignUpRequest } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { noResponse } from './log-in';

/** Validated on the form with `signupBody` (shared/schemas/auth.ts); a type here, so the shell loads no zod. */
export type SignUpInput = z.input<typeof signupBody>;
export type SignUpBody = z.output<typeof signupBody>;
/** Issue 43: a parent's sign-up — no school year, the child's invite code, role PARENT. */
export type ParentSignUpBody = z.output<typeof parentSignupBody>;

export const signUpApi = api.injectEndpoints({
  endpoints: (build) => ({
    signUp: build.mutation<unknown, SignUpBody | ParentSignUpBody>({
      query: (body: SignUpRequest) => ({ route: 'POST /api/auth/signup', body }),
      transformErrorResponse: noResponse('Unknown error'),
    }),
  }),
});

export const { useSignUpMutation } = signUpApi;
