import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { useLogInWithGoogleMutation } from '../api/log-in-with-google';
import { loginSuccess } from '../store/auth-slice';

const CALLBACK = '/auth/google/callback';

/**
 * /auth/google/callback#code=…: the server finished the Google sign-in and left the session under
 * a one-time code. The code leaves the address bar at once; the session (token and user) is
 * collected from the server by POST, then 'Signed in successfully' and / (replacing history).
 * No code, or the server refusing it: the spec's failure toast and /auth.
 */
export default function GoogleCallbackRoute() {
  const t = useT();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const { hash } = useLocation();
  const [logInWithGoogle] = useLogInWithGoogleMutation();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const code = new URLSearchParams(hash.slice(1)).get('code');
    if (hash) navigate(CALLBACK, { replace: true });
    const fail = () => {
      void toastError(t('auth.signInFailed'), TOAST_MS.error);
      navigate('/auth', { replace: true });
    };
    if (!code) return fail();
    logInWithGoogle({ code })
      .unwrap()
      .then((session) => {
        dispatch(loginSuccess(session));
        void toastSuccess(t('auth.signedIn'), TOAST_MS.success);
        // A Google sign-up has no phone or school year until it gives them (once, before it buys).
        // A parent (issue 43) starts on /parent.
        navigate(session.role === 'USER' && !(session.mobileNumber && session.schooleYear) ? '/profile/complete' : session.role === 'PARENT' ? '/parent' : '/', { replace: true });
      }, fail);
  }, [dispatch, hash, logInWithGoogle, navigate, t]);

  return <Spinner label={t('auth.signingIn')} />;
}
