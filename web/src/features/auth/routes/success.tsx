import { useEffect } from 'react';
import { Link } from 'react-router';
import { useT } from '@/i18n/use-t';

/** The end of the password reset: an animated tick and the way back to log in. */
export default function SuccessRoute() {
  const t = useT();
  useEffect(() => {
    document.title = 'Bioscope | Success';
  }, []);
  return (
    <div className="auth-form success-page">
      <svg className="success-check" viewBox="0 0 52 52" aria-hidden="true">
        <circle className="success-check-circle" cx="26" cy="26" r="24" fill="none" />
        <path className="success-check-tick" fill="none" d="M14 27l8 8 16-17" />
      </svg>
      <h1>{t('auth.successTitle')}</h1>
      <p className="muted">{t('auth.successText')}</p>
      <Link to="/auth/login" className="button button-primary button-block">
        {t('auth.backToLogin')}
      </Link>
    </div>
  );
}
