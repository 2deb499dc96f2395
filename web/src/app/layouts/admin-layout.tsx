import { Suspense } from 'react';
import { useSelector } from 'react-redux';
import { NavLink, Outlet } from 'react-router';
import { PreferenceToggles } from '@/components/preference-toggles';
import { Spinner } from '@/components/spinner';
import { useLogout } from '@/features/auth/lib/use-logout';
import { useT } from '@/i18n/use-t';
import { selectUser } from '@/lib/session';

const MENU = [
  { to: '/', key: 'admin.home', end: true },
  { to: '/dashboard', key: 'admin.courses', end: true },
  { to: '/dashboard/users', key: 'admin.users' },
  { to: '/dashboard/messages', key: 'admin.messages' },
  { to: '/dashboard/quizzes', key: 'admin.quizzes' },
  { to: '/dashboard/Cuppons', key: 'admin.coupons' },
] as const;

/** Spec 2: side menu (Home, Courses, Users, Messages, Quizzes, Coupons) and a greeting top bar. */
export function AdminLayout() {
  const t = useT();
  const user = useSelector(selectUser);
  const logout = useLogout();
  return (
    <div className="admin-shell">
      <aside className="admin-side">
        <nav aria-label={t('admin.menu')}>
          {MENU.map((item) => (
            <NavLink key={item.to} to={item.to} end={'end' in item}>
              {t(item.key)}
            </NavLink>
          ))}
        </nav>
      </aside>
      <div className="admin-body">
        <header className="admin-top">
          <div className="admin-greeting">
            <strong>{t('admin.greeting', { name: user?.firstName ?? '' })}</strong>
            <span className="muted" data-testid="admin-full-name">
              {user ? `${user.firstName} ${user.lastName}` : ''}
            </span>
          </div>
          <PreferenceToggles />
          <button type="button" className="button button-ghost" onClick={() => void logout()}>
            {t('nav.logout')}
          </button>
        </header>
        <main className="admin-content">
          <Suspense fallback={<Spinner />}>
            <Outlet />
          </Suspense>
        </main>
      </div>
    </div>
  );
}
