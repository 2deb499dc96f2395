import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { useAppDispatch } from '@/stores/hooks';
import { sessionFromCallback } from '../lib/google-session';
import { loginSuccess } from '../store/auth-slice';
import { AUTH_TEXTS } from '../texts';

/** /auth/google/callback?token=…&refreshToken=…[&user=…]: store the session, then go home. */
export default function GoogleCallbackRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    try {
      dispatch(loginSuccess(sessionFromCallback(search)));
      void toastSuccess(AUTH_TEXTS.signedIn, TOAST_MS.success);
      navigate('/', { replace: true });
    } catch {
      void toastError(AUTH_TEXTS.signInFailed, TOAST_MS.error);
      navigate('/auth', { replace: true });
    }
  }, [dispatch, navigate, search]);

  return <Spinner label={t('auth.signingIn')} />;
}
