import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/spinner';
import { TopNav } from './top-nav';

/** Public and student screens: the top navigation above the page. */
export function MainLayout() {
  return (
    <div className="main-shell">
      <TopNav />
      <main className="main-content">
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
