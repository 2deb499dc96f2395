import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Link, Navigate, useLocation } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LockIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { useAppDispatch } from '@/stores/hooks';
import { fetchTerms } from '../api/get-terms';
import { crumbsOf, extendTrail, readTrail } from '../lib/nav-state';
import { CATALOGUE_TEXTS } from '../lib/texts';
import { selectTerms } from '../store/terms-slice';

/** Spec 2: the terms of a course for one track; a locked term shows a lock and does not open. */
export default function TermsRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const trail = readTrail(useLocation().state);
  const course = trail?.breadcrumb[1];
  const courseId = course?.courseId;
  const courseFor = course?.courseFor;
  const { terms, status } = useSelector(selectTerms);

  useEffect(() => {
    document.title = 'Bioscope | Terms';
    if (!courseId || !courseFor) return;
    void dispatch(fetchTerms({ courseId, courseFor })).then((r) => {
      if (fetchTerms.rejected.match(r)) void toastError(errorMessage(r.payload, CATALOGUE_TEXTS.genericError));
    });
  }, [dispatch, courseId, courseFor]);

  // Spec 2: /term needs its navigation state (a typed or reloaded address has none).
  if (!trail || !courseId || !courseFor) return <Navigate to="/" replace />;

  return (
    <section className="page">
      <Breadcrumbs items={crumbsOf(trail)} />
      <h1>{t('cat.terms')}</h1>
      {status === 'loading' && terms.length === 0 ? (
        <Spinner label={t('loading')} />
      ) : status === 'succeeded' && terms.length === 0 ? (
        <p className="notice" lang="ar">
          {CATALOGUE_TEXTS.noContent}
        </p>
      ) : (
        <ul className="term-list">
          {terms.map((term) => (
            <li key={term.id}>
              {term.isLocked ? (
                <div className="term-tile is-locked" aria-disabled="true" data-testid="locked-term">
                  <span dir="auto">{term.name}</span>
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
