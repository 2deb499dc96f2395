import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useSearchParams } from 'react-router';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { sessionFromCallback } from '../lib/google-session';
import { loginSuccess } from '../store/auth-slice';

/** /auth/google/callback?token=…&refreshToken=…[&user=…]: store the session, then go home. */
export default function GoogleCallbackRoute() {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    try {
      dispatch(loginSuccess(sessionFromCallback(search)));
      void toastSuccess(t('auth.signedIn'), TOAST_MS.success);
      navigate('/', { replace: true });
    } catch {
      void toastError(t('auth.signInFailed'), TOAST_MS.error);
      navigate('/auth', { replace: true });
    }
  }, [dispatch, navigate, search, t]);

  return <Spinner label={t('auth.signingIn')} />;
}
