import { Link, Outlet } from 'react-router';
import { LogoMark } from '@/components/icons';
import { PreferenceToggles } from '@/components/preference-toggles';
import { useT } from '@/i18n/use-t';

/** The frame of every /auth/* screen: brand, theme and language switches, one card. */
export default function AuthLayout() {
  const t = useT();
  return (
    <div className="auth-shell">
      <header className="auth-header">
        <Link to="/" className="brand">
          <LogoMark />
          {t('appName')}
        </Link>
        <PreferenceToggles />
      </header>
      <main className="auth-main">
        <div className="auth-card">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
