/**
 * Store area `auth` (spec 3, 4): client state — the signed-in user and token, kept in local
 * storage under `user`. The calls themselves are RTK Query mutations (../api/*.ts); this slice
 * follows their lifecycle actions for spec 4's transitions (status/error of the auth calls).
 */
import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import type { User } from '@shared/schemas/auth';
import type { ApiFailure } from '@/lib/api';
import { type AuthState, readStoredSession, sessionUserRenamed, type StoredSession } from '@/lib/session';
import { remove, STORAGE_KEYS, writeJson } from '@/lib/storage';
import type { finishMfaSignInApi } from '../api/finish-mfa-sign-in';
import type { forgetPasswordApi } from '../api/forget-password';
import type { logInApi } from '../api/log-in';
import type { logOutApi } from '../api/log-out';
import type { resetPasswordApi } from '../api/reset-password';
import type { signUpApi } from '../api/sign-up';
import type { verifyResetCodeApi } from '../api/verify-reset-code';

const userOf = ({ token: _t, refreshToken: _r, ...user }: StoredSession): User => user;

/** What is kept in local storage: the user and the ID token, never a refresh token (the server no longer gives one). */
const toStored = (session: StoredSession): StoredSession => ({ ...userOf(session), token: session.token });

function initialAuth(): AuthState {
  const stored = readStoredSession();
  // A session stored by an older version may still hold a refresh token: drop it.
  if (stored && 'refreshToken' in stored) writeJson(STORAGE_KEYS.user, toStored(stored));
  return { user: stored ? userOf(stored) : null, token: stored?.token ?? null, status: 'idle', error: null };
}

function signIn(state: AuthState, session: StoredSession) {
  state.user = userOf(session);
  state.token = session.token;
  writeJson(STORAGE_KEYS.user, toStored(session));
}

function signOut(state: AuthState) {
  state.user = null;
  state.token = null;
  remove(STORAGE_KEYS.user);
}

/** Spec 8: the error kept is the server's response body, or `{ msgError }` when none came. */
const errorOf = (payload: ApiFailure | undefined) => payload?.data ?? null;

/** The auth calls this slice follows: RTK Query mutations, named by the route table's op. */
type AuthEndpoints = typeof logInApi.endpoints &
  typeof finishMfaSignInApi.endpoints &
  typeof logOutApi.endpoints &
  typeof signUpApi.endpoints &
  typeof forgetPasswordApi.endpoints &
  typeof verifyResetCodeApi.endpoints &
  typeof resetPasswordApi.endpoints;
type AuthCall = keyof AuthEndpoints;
type Phase = 'pending' | 'fulfilled' | 'rejected';
/** What a call's action carries: its result when fulfilled, the base query's failure when rejected. */
type PayloadOf<K extends AuthCall, P extends Phase> = P extends 'fulfilled' ? AuthEndpoints[K]['Types']['ResultType'] : P extends 'rejected' ? ApiFailure | undefined : undefined;
interface CallAction<K extends AuthCall, P extends Phase> extends UnknownAction {
  payload: PayloadOf<K, P>;
  meta: { requestStatus: P; arg: { type: 'mutation'; endpointName: K } };
}

/**
 * A matcher for calls' lifecycle actions that does not import the endpoints (so the store, which
 * holds this slice from the first load, carries no RTK Query): RTK Query names a mutation's
 * actions `api/executeMutation/<phase>` and puts the endpoint's name in `meta.arg.endpointName`.
 */
function calls<K extends AuthCall, P extends Phase>(phase: P, ...names: K[]) {
  const type = `api/executeMutation/${phase}`;
  return (action: UnknownAction): action is CallAction<K, P> => {
    const { meta } = action as { meta?: { arg?: { endpointName?: unknown } } };
    return action.type === type && names.includes(meta?.arg?.endpointName as K);
  };
}

/** Calls that go loading → succeeded/failed and leave the user unchanged. */
const userNeutral = ['signUp', 'forgetPassword', 'verifyResetCode', 'resetPassword'] as const;

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
      .addCase(sessionUserRenamed, (state, { payload }) => {
        if (!state.user) return;
        Object.assign(state.user, payload);
        const stored = readStoredSession();
        if (stored) writeJson(STORAGE_KEYS.user, { ...stored, ...payload });
      })
      .addMatcher(calls('fulfilled', 'logIn', 'finishMfaSignIn'), (state, action) => {
        // The authenticator's challenge signs nobody in yet: its code does (finishMfaSignIn).
        if ('challenge' in action.payload) return void (state.status = 'idle');
        signIn(state, action.payload);
        state.status = 'succeeded';
      })
      .addMatcher(calls('fulfilled', 'logOut'), (state) => {
        signOut(state);
        state.status = 'idle';
      })
      .addMatcher(calls('rejected', 'logOut'), (state, action) => {
        // Spec 4: the local session ends whatever the server said.
        signOut(state);
        state.status = 'failed';
        state.error = errorOf(action.payload);
      })
      .addMatcher(calls('fulfilled', ...userNeutral), (state) => {
        state.status = 'succeeded';
      })
      .addMatcher(calls('pending', 'logIn', 'finishMfaSignIn', 'logOut', ...userNeutral), (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addMatcher(calls('rejected', 'logIn', 'finishMfaSignIn', ...userNeutral), (state, action) => {
        state.status = 'failed';
        state.error = errorOf(action.payload);
      });
  },
});

export const { clearAuth, loginSuccess } = authSlice.actions;
export const authReducer = authSlice.reducer;
