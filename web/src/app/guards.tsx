import { useEffect, useReducer } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, Outlet, useNavigate } from 'react-router';
import { decodeJwt } from 'jose';
import { Spinner } from '@/components/spinner';
import { clearAuth } from '@/features/auth/store/auth-slice';
import { selectToken, selectUser, tokenStatus } from '@/lib/session';
import { runSessionExpired } from './session-flows';

/**
 * Spec 2, 6: signed-in screens need a valid, unexpired token (else /auth); `admin` screens
 * also need role ADMIN (else /). An existing but expired token gets the session-expired dialog.
 * Issue 43: `parent` screens are a PARENT's only (anyone else goes home), and a parent opening any
 * other signed-in screen goes to their own home, /parent.
 */
export function RequireSession({ admin = false, parent = false }: { admin?: boolean; parent?: boolean }) {
  const token = useSelector(selectToken);
  const user = useSelector(selectUser);
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [, recheck] = useReducer((n: number) => n + 1, 0);
  const status = tokenStatus(token);

  useEffect(() => {
    if (status === 'expired') void runSessionExpired(dispatch, (to) => navigate(to, { replace: true }));
    if (status === 'invalid') dispatch(clearAuth());
  }, [status, dispatch, navigate]);

  // Re-render the moment the token expires, so an open page does not outlive its session.
  useEffect(() => {
    if (status !== 'valid' || !token) return;
    const ms = (decodeJwt(token).exp as number) * 1000 - Date.now() + 1000;
    const timer = setTimeout(recheck, Math.min(ms, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [status, token]);

  if (status === 'none' || status === 'invalid') return <Navigate to="/auth" replace />;
  if (status === 'expired') return <Spinner />;
  if (user?.role === 'PARENT' && !parent) return <Navigate to="/parent" replace />;
  if (parent && user?.role !== 'PARENT') return <Navigate to="/" replace />;
  if (admin && user?.role !== 'ADMIN') return <Navigate to="/" replace />;
  return <Outlet />;
}
