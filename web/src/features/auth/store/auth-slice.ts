/**
 * Store area `auth` (spec 3, 4): the signed-in user and token, kept in local storage under
 * `user`, and the status/error of the auth calls.
 */
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@shared/schemas/auth';
import { type AuthState, readStoredSession, type StoredSession } from '@/lib/session';
import { remove, STORAGE_KEYS, writeJson } from '@/lib/storage';
import { forgotPassword } from '../api/forget-password';
import { loginUser } from '../api/login';
import { logoutUser } from '../api/logout';
import { resetUserPassword } from '../api/reset-password';
import { registerUser } from '../api/sign-up';
import { verifyCode } from '../api/verify-reset-code';

const userOf = ({ token: _t, refreshToken: _r, ...user }: StoredSession): User => user;

function initialAuth(): AuthState {
  const stored = readStoredSession();
  return { user: stored ? userOf(stored) : null, token: stored?.token ?? null, status: 'idle', error: null };
}

function signIn(state: AuthState, session: StoredSession) {
  state.user = userOf(session);
  state.token = session.token;
  writeJson(STORAGE_KEYS.user, session);
}

function signOut(state: AuthState) {
  state.user = null;
  state.token = null;
  remove(STORAGE_KEYS.user);
}

/** Calls that go loading → succeeded/failed and leave the user unchanged. */
const userNeutral = [registerUser, forgotPassword, verifyCode, resetUserPassword] as const;

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuth,
  reducers: {
    clearAuth(state) {
      signOut(state);
      state.status = 'idle';
      state.error = null;
    },
    loginSuccess(state, action: PayloadAction<StoredSession>) {
      signIn(state, action.payload);
      state.status = 'succeeded';
      state.error = null;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loginUser.fulfilled, (state, action) => {
        signIn(state, action.payload);
        state.status = 'succeeded';
      })
      .addCase(logoutUser.fulfilled, (state) => {
        signOut(state);
        state.status = 'idle';
      })
      .addCase(logoutUser.rejected, (state, action) => {
        // Spec 4: the local session ends whatever the server said.
        signOut(state);
        state.status = 'failed';
        state.error = action.payload;
      })
      .addMatcher(isAnyOf(...userNeutral.map((t) => t.fulfilled)), (state) => {
        state.status = 'succeeded';
      })
      .addMatcher(isAnyOf(loginUser.pending, logoutUser.pending, ...userNeutral.map((t) => t.pending)), (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addMatcher(isAnyOf(loginUser.rejected, ...userNeutral.map((t) => t.rejected)), (state, action) => {
        state.status = 'failed';
        state.error = action.payload;
      });
  },
});

export const { clearAuth, loginSuccess } = authSlice.actions;
export const authReducer = authSlice.reducer;
