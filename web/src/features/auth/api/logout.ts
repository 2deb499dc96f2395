import { createAsyncThunk } from '@reduxjs/toolkit';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { apiCall, errorMessage, rejection } from '@/lib/api-client';
import { useAppDispatch } from '@/stores/hooks';
import { AUTH_TEXTS } from '../texts';

/** Empty body; a 401 here is the caller's business (the session is being ended anyway). */
export const logout = () => apiCall('POST /api/auth/logout', { sessionErrors: false });

export const logoutUser = createAsyncThunk<unknown, void, { rejectValue: unknown }>('auth/logout', async (_, { rejectWithValue }) => {
  try {
    return await logout();
  } catch (e) {
    return rejectWithValue(rejection(e, 'Failed to logout'));
  }
});

/**
 * Spec 4: call the server; whatever it answers the local session ends. Success toasts
 * 'Logout Successfully', failure shows the error; both land on /auth.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    const result = await dispatch(logoutUser());
    if (logoutUser.fulfilled.match(result)) void toastSuccess(AUTH_TEXTS.loggedOut, TOAST_MS.success);
    else void toastError(errorMessage(result.payload, AUTH_TEXTS.logoutFailed), TOAST_MS.error);
    navigate('/auth', { replace: true });
  }, [dispatch, navigate]);
}
