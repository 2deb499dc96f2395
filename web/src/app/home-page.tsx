/**
 * The home page as the app composes it: the home feature's page with the catalogue's grade
 * cards in its grades section and its 'continue where you stopped' above them. Features do not
 * import each other; the app puts them together.
 *
 * Both catalogue parts show only to a signed-in student and need the API client (with its forms
 * and rules), about 40 KB of scripts: they load with their first showing, so a visitor's `/` (the
 * prerendered page React takes over, web/build/prerender.ts) waits for none of it.
 */
import { lazy, Suspense } from 'react';
import { useSelector } from 'react-redux';
import { Navigate } from 'react-router';
import { Spinner } from '@/components/spinner';
import HomeRoute from '@/features/home/routes/home';
import { useT } from '@/i18n/use-t';
import { selectIsParent } from '@/lib/session';

const GradeCards = lazy(() => import('@/features/catalogue/components/grades-section').then((m) => ({ default: m.GradeCards })));
const ContinueCard = lazy(() => import('@/features/catalogue/components/continue-card').then((m) => ({ default: m.ContinueCard })));

export default function HomePage() {
  const t = useT();
  // Issue 43: a parent's home is /parent (the grades and 'continue' are a student's).
  const isParent = useSelector(selectIsParent);
  if (isParent) return <Navigate to="/parent" replace />;
  return (
    <HomeRoute
      grades={
        <Suspense fallback={<Spinner label={t('home.gradesLoading')} />}>
          <GradeCards />
        </Suspense>
      }
      resume={
        <Suspense fallback={null}>
          <ContinueCard />
        </Suspense>
      }
    />
  );
}
