import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, Outlet, useLocation } from 'react-router';
import { MenuIcon } from '@/components/icons';
import { PreferenceToggles } from '@/components/preference-toggles';
import { Spinner } from '@/components/spinner';
import { useLogout } from '@/features/auth/lib/use-logout';
import { useT } from '@/i18n/use-t';
import { selectUser } from '@/lib/session';

/** The inbox's unread count: its own chunk (it brings the API client), so the first load of any page stays small. */
const UnreadBadge = lazy(() => import('@/features/messages/components/unread-badge').then((m) => ({ default: m.UnreadBadge })));

/** Each section with the paths that belong to it (the courses' terms, sections and preview are Courses). */
const MENU = [
  { to: '/', key: 'admin.home', paths: /^$/ },
  { to: '/dashboard', key: 'admin.courses', paths: /^\/dashboard(\/(terms|section|preview))?\/?$/i },
  { to: '/dashboard/users', key: 'admin.users', paths: /^\/dashboard\/users(\/|$)/i },
  { to: '/dashboard/messages', key: 'admin.messages', paths: /^\/dashboard\/messages(\/|$)/i },
  { to: '/dashboard/quizzes', key: 'admin.quizzes', paths: /^\/dashboard\/quizzes(\/|$)/i },
  { to: '/dashboard/Cuppons', key: 'admin.coupons', paths: /^\/dashboard\/cuppons(\/|$)/i },
  { to: '/dashboard/codes', key: 'admin.codes', paths: /^\/dashboard\/codes(\/|$)/i },
  { to: '/dashboard/sales', key: 'admin.sales', paths: /^\/dashboard\/sales(\/|$)/i },
  { to: '/dashboard/security', key: 'admin.security', paths: /^\/dashboard\/security(\/|$)/i },
  { to: '/dashboard/settings', key: 'admin.settings', paths: /^\/dashboard\/settings(\/|$)/i },
] as const;

/**
 * Spec 2: side menu (Home, Courses, Users, Messages, Quizzes, Coupons; and Sales) and a greeting top bar;
 * beyond the spec, Messages carries the unread count.
 * The current section is marked (aria-current). On a phone the bar is one row: a menu button
 * naming the current section, and the theme and language switches; the menu, the greeting and
 * Logout open below it (and close again after any navigation).
 */
export function AdminLayout() {
  const t = useT();
  const { pathname } = useLocation();
  const user = useSelector(selectUser);
  const logout = useLogout();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const current = MENU.find((item) => item.paths.test(pathname));
  const currentName = current ? t(current.key) : t('admin.menu');

  return (
    <div className="admin-shell">
      <header className="admin-top">
        <button
          type="button"
          className="admin-menu-button"
          aria-expanded={open}
          aria-controls="admin-menu"
          aria-label={t('admin.openMenu', { section: currentName })}
          onClick={() => setOpenOn(open ? null : pathname)}
        >
          <MenuIcon />
          <span>{currentName}</span>
        </button>
        <PreferenceToggles />
        <div id="admin-menu" className={`admin-menu${open ? ' is-open' : ''}`}>
          <div className="admin-greeting">
            <strong>{t('admin.greeting', { name: user?.firstName ?? '' })}</strong>
            <span className="muted" data-testid="admin-full-name">
              {user ? `${user.firstName} ${user.lastName}` : ''}
            </span>
          </div>
          <nav className="admin-side" aria-label={t('admin.menu')}>
            {MENU.map((item) => (
              <Link key={item.to} to={item.to} className={item === current ? 'active' : undefined} aria-current={item === current ? 'page' : undefined}>
                {t(item.key)}
                {item.to === '/dashboard/messages' ? (
                  <Suspense fallback={null}>
                    <UnreadBadge />
                  </Suspense>
                ) : null}
              </Link>
            ))}
          </nav>
          <button type="button" className="button button-ghost admin-logout" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </div>
      </header>
      <main className="admin-content">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
