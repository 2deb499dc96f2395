import { createAsyncThunk } from '@reduxjs/toolkit';
import type { z } from 'zod';
import type { resetPasswordBody } from '@shared/schemas/auth';
import { apiCall, rejection } from '@/lib/api-client';

/** Validated on the form with `resetPasswordBody` (shared/schemas/auth.ts); imported as a type here so the
 * shell does not load zod. */
export type ResetPasswordInput = z.input<typeof resetPasswordBody>;

export const resetPassword = (input: ResetPasswordInput) => apiCall('POST /api/auth/reset-password', { body: input });

export const resetUserPassword = createAsyncThunk<unknown, ResetPasswordInput, { rejectValue: unknown }>(
  'auth/resetPassword',
  async (input, { rejectWithValue }) => {
    try {
      return await resetPassword(input);
    } catch (e) {
      return rejectWithValue(rejection(e, 'An unknown error occurred'));
    }
  },
);
