import { createAsyncThunk } from '@reduxjs/toolkit';
import type { z } from 'zod';
import type { signupBody } from '@shared/schemas/auth';
import { apiCall, rejection } from '@/lib/api-client';

/** Validated on the form with `signupBody` (shared/schemas/auth.ts); imported as a type here so the
 * shell does not load zod. */
export type SignUpInput = z.input<typeof signupBody>;

export const signUp = (input: SignUpInput) => apiCall('POST /api/auth/signup', { body: input });

export const registerUser = createAsyncThunk<unknown, SignUpInput, { rejectValue: unknown }>('auth/register', async (input, { rejectWithValue }) => {
  try {
    return await signUp(input);
  } catch (e) {
    return rejectWithValue(rejection(e, 'Unknown error'));
  }
});
