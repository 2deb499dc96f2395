import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useAppDispatch } from '@/stores/hooks';

/**
 * Spec 4: call the server; whatever it answers the local session ends (auth slice). Success
 * toasts 'Logout Successfully', failure shows the error; both land on /auth.
 *
 * The menus hold this from the first load, so the endpoint (and RTK Query with it) loads on click.
 */
export function useLogout() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const t = useT();
  return useCallback(async () => {
    const { logOutApi } = await import('../api/log-out');
    const request = dispatch(logOutApi.endpoints.logOut.initiate());
    const result = await request;
    request.reset();
    if ('error' in result) void toastError(messageOf(result.error, t, 'auth.logoutFailed'), TOAST_MS.error);
    else void toastSuccess(t('auth.loggedOut'), TOAST_MS.success);
    navigate('/auth', { replace: true });
  }, [dispatch, navigate, t]);
}
