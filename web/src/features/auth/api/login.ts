import { createAsyncThunk } from '@reduxjs/toolkit';
import type { z } from 'zod';
import type { loginBody } from '@shared/schemas/auth';
import { apiCall, rejection } from '@/lib/api-client';
import type { StoredSession } from '@/lib/session';

/** Validated on the form with `loginBody` (shared/schemas/auth.ts); imported as a type here so the
 * shell does not load zod. */
export type LoginInput = z.input<typeof loginBody>;

/** Spec 7: the result is the data field of the response body (the user with role and token). */
export async function login(input: LoginInput): Promise<StoredSession> {
  const res = await apiCall('POST /api/auth/login', { body: input });
  return res.data;
}

export const loginUser = createAsyncThunk<StoredSession, LoginInput, { rejectValue: unknown }>('auth/login', async (input, { rejectWithValue }) => {
  try {
    return await login(input);
  } catch (e) {
    return rejectWithValue(rejection(e, 'Unknown error'));
  }
});
