import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useT } from '@/i18n/use-t';
import { usePageTitle } from '@/lib/page-title';

/** How long the tick shows before the screen forwards to log in (spec 8: 'forwarding to sign in'). */
export const FORWARD_TO_LOGIN_MS = 3000;

/**
 * The end of the password reset: an animated tick, then log in by itself after a moment (the
 * e-mail just reset filled in), or at once with the link.
 */
export default function SuccessRoute() {
  const t = useT();
  const navigate = useNavigate();
  const { state } = useLocation() as { state: { identifier?: string } | null };
  const identifier = state?.identifier;

  usePageTitle(t('title.success'));
  useEffect(() => {
    const forward = window.setTimeout(() => navigate('/auth/login', { replace: true, state: { identifier } }), FORWARD_TO_LOGIN_MS);
    return () => window.clearTimeout(forward);
  }, [navigate, identifier]);

  return (
    <div className="auth-form success-page">
      <svg className="success-check" viewBox="0 0 52 52" aria-hidden="true">
        <circle className="success-check-circle" cx="26" cy="26" r="24" fill="none" />
        <path className="success-check-tick" fill="none" d="M14 27l8 8 16-17" />
      </svg>
      <h1>{t('auth.successTitle')}</h1>
      <p className="muted">{t('auth.successText')}</p>
      <p className="muted" role="status">
        {t('auth.forwardingToLogin')}
      </p>
      <Link to="/auth/login" state={{ identifier }} replace className="button button-primary button-block">
        {t('auth.backToLogin')}
      </Link>
    </div>
  );
}
