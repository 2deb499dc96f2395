import { createAsyncThunk } from '@reduxjs/toolkit';
import type { z } from 'zod';
import type { forgetPasswordBody } from '@shared/schemas/auth';
import { apiCall, rejection } from '@/lib/api-client';

/** Validated on the form with `forgetPasswordBody` (shared/schemas/auth.ts); imported as a type here so the
 * shell does not load zod. */
export type ForgetPasswordInput = z.input<typeof forgetPasswordBody>;

export const forgetPassword = (input: ForgetPasswordInput) => apiCall('POST /api/auth/forget-password', { body: input });

export const forgotPassword = createAsyncThunk<unknown, ForgetPasswordInput, { rejectValue: unknown }>(
  'auth/forgotPassword',
  async (input, { rejectWithValue }) => {
    try {
      return await forgetPassword(input);
    } catch (e) {
      return rejectWithValue(rejection(e, 'An unknown error occurred'));
    }
  },
);
