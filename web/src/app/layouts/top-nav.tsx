import { useState } from 'react';
import { RepliesBadge } from '@/features/messages/components/replies-badge';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { InstallButton } from '@/features/pwa/components/install-button';
import { WalletLink } from '@/features/wallet/components/wallet-link';
import { useSelector } from 'react-redux';
import { Link, NavLink, useLocation } from 'react-router';
import { LogoMark, MenuIcon } from '@/components/icons';
import { PreferenceToggles } from '@/components/preference-toggles';
import { useLogout } from '@/features/auth/lib/use-logout';
import { useT } from '@/i18n/use-t';
import { selectIsAdmin, selectIsParent, selectUser } from '@/lib/session';


/** Spec 2: hidden on /auth and /dashboard paths. */
export const isTopNavHidden = (pathname: string) => /^\/(auth|dashboard)(\/|$)/i.test(pathname);

export function TopNav() {
  const t = useT();
  const { pathname } = useLocation();
  const user = useSelector(selectUser);
  const isAdmin = useSelector(selectIsAdmin);
  // Issue 43: a parent's app is /parent; the student's links (and their background calls) are not theirs.
  const isParent = useSelector(selectIsParent);
  const student = user && !isParent;
  const logout = useLogout();
  // The menu remembers the page it was opened on, so it is closed again after any navigation.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  if (isTopNavHidden(pathname)) return null;

  return (
    <header className="top-nav">
      <div className="top-nav-bar">
        <Link to={isParent ? '/parent' : '/'} className="brand">
          <LogoMark />
          <span className="brand-name">{t('appName')}</span>
        </Link>
        {student && !isAdmin && <NotificationBell />}
        <InstallButton />
        <PreferenceToggles />
        <button
          type="button"
          className="icon-button menu-button"
          aria-expanded={open}
          aria-controls="top-nav-links"
          aria-label={t('nav.menu')}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <MenuIcon />
          {student && <RepliesBadge />}
        </button>
      </div>
      <nav id="top-nav-links" className={`top-nav-links${open ? ' is-open' : ''}`} aria-label={t('nav.main')}>
        <NavLink to={isParent ? '/parent' : '/'} end>
          {t('nav.home')}
        </NavLink>
        {!isParent && (
          <>
            <NavLink to="/profile" end>
              {t('nav.profile')}
            </NavLink>
            <NavLink to="/profile/lecPay">{t('nav.myLectures')}</NavLink>
            {student && !isAdmin && <WalletLink />}
            <NavLink to="/contact">
              {t('nav.contact')}
              {student && <RepliesBadge />}
            </NavLink>
          </>
        )}
        {isAdmin && <NavLink to="/dashboard">{t('nav.dashboard')}</NavLink>}
        {user && (
          <button type="button" className="link-button" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        )}
      </nav>
    </header>
  );
}
