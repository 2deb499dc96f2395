import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LockIcon, UnlockIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { useAppDispatch } from '@/stores/hooks';
import { lockTerm } from '../api/toggle-term-lock';
import { type AdminTrail, readAdminTrail } from '../lib/nav-state';
import { CATALOGUE_TEXTS } from '../lib/texts';
import { useTerms } from '../lib/use-terms';

/** Spec 2, 4: the terms of a course's track, each with a lock/unlock toggle. */
export default function AdminTermsRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const trail = readAdminTrail(useLocation().state);
  const courseId = trail?.courseId;
  const courseFor = trail?.courseFor;
  const { terms, status } = useTerms(courseId, courseFor);

  useEffect(() => {
    document.title = 'Bioscope | Terms';
  }, []);

  if (!trail || !courseId || !courseFor) return <Navigate to="/dashboard" replace />;

  async function toggle(termId: string) {
    const result = await dispatch(lockTerm({ termId, courseId: courseId!, courseFor: courseFor! }));
    if (lockTerm.rejected.match(result)) void toastError(errorMessage(result.payload, CATALOGUE_TEXTS.genericError));
  }

  const title = `${trail.courseName} / ${courseFor}`;
  return (
    <section className="page">
      <Breadcrumbs items={[{ name: t('admin.coursesTitle'), url: '/dashboard' }, { name: title }]} />
      <h1 lang="ar">{t('admin.termsOf', { name: title })}</h1>
      {status === 'loading' && terms.length === 0 ? (
        <Spinner label={t('loading')} />
      ) : terms.length === 0 ? (
        <p className="notice" lang="ar">
          {CATALOGUE_TEXTS.noContent}
        </p>
      ) : (
        <ul className="term-list">
          {terms.map((term) => (
            <li key={term.id} className={`term-row${term.isLocked ? ' is-locked' : ''}`}>
              <Link className="term-tile" to="/dashboard/section" state={{ ...trail, termId: term.id, termName: term.name } satisfies AdminTrail}>
                <span dir="auto">{term.name}</span>
                <span className={`status-pill${term.isLocked ? ' is-locked' : ''}`}>{term.isLocked ? t('admin.termLocked') : t('admin.termOpen')}</span>
              </Link>
              <button
                type="button"
                className="button button-ghost lock-toggle"
                role="switch"
                aria-checked={term.isLocked}
                disabled={status === 'loading'}
                onClick={() => void toggle(term.id)}
                aria-label={`${term.isLocked ? t('admin.unlock') : t('admin.lock')} ${term.name}`}
              >
                {term.isLocked ? <UnlockIcon /> : <LockIcon />}
                {term.isLocked ? t('admin.unlock') : t('admin.lock')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
