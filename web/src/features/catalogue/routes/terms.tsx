import { Link, Navigate, useLocation } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LockIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { ListFailed } from '../components/list-failed';
import { useT } from '@/i18n/use-t';
import { crumbsOf, extendTrail, readTrail } from '../lib/nav-state';
import { useTerms } from '../lib/use-terms';
import { usePageTitle } from '@/lib/page-title';

/** Spec 2: the terms of a course for one track; a locked term shows a lock and does not open. */
export default function TermsRoute() {
  const t = useT();
  const trail = readTrail(useLocation().state);
  const course = trail?.breadcrumb[1];
  const courseId = course?.courseId;
  const courseFor = course?.courseFor;
  const { terms, status, refetch } = useTerms(courseId, courseFor);

  usePageTitle(t('title.terms'));

  // Spec 2: /term needs its navigation state (a typed or reloaded address has none).
  if (!trail || !courseId || !courseFor) return <Navigate to="/" replace />;

  return (
    <section className="page">
      <Breadcrumbs items={crumbsOf(trail)} />
      <h1>{t('cat.terms')}</h1>
      {status === 'loading' && terms.length === 0 ? (
        <Spinner label={t('loading')} />
      ) : status === 'failed' && terms.length === 0 ? (
        <ListFailed onRetry={refetch} />
      ) : status === 'succeeded' && terms.length === 0 ? (
        <p className="notice" lang="ar">
          {t('cat.noContent')}
        </p>
      ) : (
        <ul className="term-list">
          {terms.map((term) => (
            <li key={term.id}>
              {term.isLocked ? (
                <div className="term-tile is-locked" aria-disabled="true" data-testid="locked-term">
                  {/* Issue 9: a locked term says why it does not open. */}
                  <span className="term-tile-text">
                    <span dir="auto">{term.name}</span>
                    <span className="term-lock-reason">{t('cat.lockedTermReason')}</span>
                  </span>
                  <span className="term-lock" title={t('cat.locked')}>
                    <LockIcon />
                    <span className="visually-hidden">{t('cat.locked')}</span>
                  </span>
                </div>
              ) : (
                <Link
                  className="term-tile"
                  to="/content"
                  state={extendTrail(trail, { name: term.name, url: '/content', courseId, courseFor, termId: term.id }, '/term')}
                >
                  <span dir="auto">{term.name}</span>
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
