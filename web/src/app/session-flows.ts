/**
 * The two ways a session ends without the user asking (spec 4): the token expired (or the
 * server answered 401) → 'Your session has expired. Please log in again.' then local logout and
 * /auth; the server says the user is blocked → its message (in the user's language) for 5 s, then logout.
 */
import type { Dispatch, UnknownAction } from '@reduxjs/toolkit';
import { acknowledge } from '@/components/confirm';
import { toast, TOAST_MS } from '@/components/toast';
import { clearAuth } from '@/features/auth/store/auth-slice';
import { tDocument } from '@/i18n/use-t';

type Go = (to: string) => void;
let expiring: Promise<void> | null = null;

/** Several failing calls (or a guard and a call) at once still show one dialog. */
export function runSessionExpired(dispatch: Dispatch<UnknownAction>, go: Go, detail?: string): Promise<void> {
  expiring ??= acknowledge(tDocument('confirm.sessionExpired'), detail)
    .then(() => {
      dispatch(clearAuth());
      go('/auth');
    })
    .finally(() => {
      expiring = null;
    });
  return expiring;
}

let blocking: Promise<void> | null = null;

/** The server's 403 `user.blocked`, worded in the user's language (the server's English only if the dictionary had none). */
export function runBlocked(message: string, dispatch: Dispatch<UnknownAction>, go: Go): Promise<void> {
  const text = tDocument('error.user.blocked') || message;
  blocking ??= toast({ title: text, icon: 'error', timer: TOAST_MS.blocked })
    .then(() => {
      dispatch(clearAuth());
      go('/auth');
    })
    .finally(() => {
      blocking = null;
    });
  return blocking;
}
