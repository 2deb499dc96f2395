/**
 * Store area `auth` (spec 3, 4): client state — the signed-in user and token, kept in local
 * storage under `user`. The calls themselves are RTK Query mutations (../api/*.ts); this slice
 * follows their lifecycle actions for spec 4's transitions (status/error of the auth calls).
 */
import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@shared/schemas/auth';
import type { ApiFailure } from '@/lib/api';
import { type AuthState, readStoredSession, type StoredSession } from '@/lib/session';
import { remove, STORAGE_KEYS, writeJson } from '@/lib/storage';
import { forgetPasswordApi } from '../api/forget-password';
import { logInApi } from '../api/log-in';
import { logOutApi } from '../api/log-out';
import { resetPasswordApi } from '../api/reset-password';
import { signUpApi } from '../api/sign-up';
import { verifyResetCodeApi } from '../api/verify-reset-code';

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

/** Spec 8: the error kept is the server's response body, or `{ msgError }` when none came. */
const errorOf = (payload: unknown) => (payload as ApiFailure | undefined)?.data ?? null;

const { logIn } = logInApi.endpoints;
const { logOut } = logOutApi.endpoints;
/** Calls that go loading → succeeded/failed and leave the user unchanged. */
const userNeutral = [signUpApi.endpoints.signUp, forgetPasswordApi.endpoints.forgetPassword, verifyResetCodeApi.endpoints.verifyResetCode, resetPasswordApi.endpoints.resetPassword] as const;

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
      .addMatcher(logIn.matchFulfilled, (state, action) => {
        signIn(state, action.payload);
        state.status = 'succeeded';
      })
      .addMatcher(logOut.matchFulfilled, (state) => {
        signOut(state);
        state.status = 'idle';
      })
      .addMatcher(logOut.matchRejected, (state, action) => {
        // Spec 4: the local session ends whatever the server said.
        signOut(state);
        state.status = 'failed';
        state.error = errorOf(action.payload);
      })
      .addMatcher(isAnyOf(...userNeutral.map((e) => e.matchFulfilled)), (state) => {
        state.status = 'succeeded';
      })
      .addMatcher(isAnyOf(logIn.matchPending, logOut.matchPending, ...userNeutral.map((e) => e.matchPending)), (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addMatcher(isAnyOf(logIn.matchRejected, ...userNeutral.map((e) => e.matchRejected)), (state, action) => {
        state.status = 'failed';
        state.error = errorOf(action.payload);
      });
  },
});

export const { clearAuth, loginSuccess } = authSlice.actions;
export const authReducer = authSlice.reducer;
