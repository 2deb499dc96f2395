import { createAsyncThunk } from '@reduxjs/toolkit';
import type { z } from 'zod';
import type { verifyResetCodeBody } from '@shared/schemas/auth';
import { apiCall, rejection } from '@/lib/api-client';

/** Validated on the form with `verifyResetCodeBody` (shared/schemas/auth.ts); imported as a type here so the
 * shell does not load zod. */
export type VerifyResetCodeInput = z.input<typeof verifyResetCodeBody>;

export const verifyResetCode = (input: VerifyResetCodeInput) => apiCall('POST /api/auth/verify-reset-code', { body: input });

export const verifyCode = createAsyncThunk<unknown, VerifyResetCodeInput, { rejectValue: unknown }>('auth/verifyCode', async (input, { rejectWithValue }) => {
  try {
    return await verifyResetCode(input);
  } catch (e) {
    return rejectWithValue(rejection(e, 'Verification failed'));
  }
});
