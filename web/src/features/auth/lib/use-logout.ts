import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useLogOutMutation } from '../api/log-out';

/**
 * Spec 4: call the server; whatever it answers the local session ends (auth slice). Success
 * toasts 'Logout Successfully', failure shows the error; both land on /auth.
 */
export function useLogout() {
  const [logOut] = useLogOutMutation();
  const navigate = useNavigate();
  const t = useT();
  return useCallback(async () => {
    const result = await logOut();
    if ('error' in result) void toastError(messageOf(result.error, t, 'auth.logoutFailed'), TOAST_MS.error);
    else void toastSuccess(t('auth.loggedOut'), TOAST_MS.success);
    navigate('/auth', { replace: true });
  }, [logOut, navigate, t]);
}
