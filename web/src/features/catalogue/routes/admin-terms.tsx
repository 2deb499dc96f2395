import { SwitchField } from '@aws-amplify/ui-react';
import { Link, Navigate, useLocation } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Spinner } from '@/components/spinner';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useToggleTermLockMutation } from '../api/toggle-term-lock';
import { ListFailed } from '../components/list-failed';
import { TermBundleForm } from '../components/term-bundle-form';
import { type AdminTrail, readAdminTrail } from '../lib/nav-state';
import { wasHandled } from '../lib/query-view';
import { useTerms } from '../lib/use-terms';
import { usePageTitle } from '@/lib/page-title';

/** Spec 2, 4: the terms of a course's track, each with a lock/unlock switch (the list then reloads) and its whole-term bundle. */
export default function AdminTermsRoute() {
  const t = useT();
  const trail = readAdminTrail(useLocation().state);
  const courseId = trail?.courseId;
  const courseFor = trail?.courseFor;
  const { terms, status, isFetching, refetch } = useTerms(courseId, courseFor);
  const [toggleTermLock, toggling] = useToggleTermLockMutation();

  usePageTitle(t('title.terms'));

  if (!trail || !courseId || !courseFor) return <Navigate to="/dashboard" replace />;

  async function toggle(termId: string) {
    const result = await toggleTermLock(termId);
    if (result.error && !wasHandled(result.error)) void toastError(messageOf(result.error, t, 'cat.genericError'));
  }

  const title = `${trail.courseName} / ${courseFor}`;
  return (
    <section className="page">
      <Breadcrumbs items={[{ name: t('admin.coursesTitle'), url: '/dashboard' }, { name: title }]} />
      <h1 dir="auto">{t('admin.termsOf', { name: title })}</h1>
      {status === 'loading' && terms.length === 0 ? (
        <Spinner label={t('loading')} />
      ) : status === 'failed' && terms.length === 0 ? (
        <ListFailed onRetry={refetch} />
      ) : terms.length === 0 ? (
        <p className="notice" lang="ar">
          {t('cat.noContent')}
        </p>
      ) : (
        <ul className="term-list">
          {terms.map((term) => (
            <li key={term.id} className={`term-row${term.isLocked ? ' is-locked' : ''}`}>
              <Link className="term-tile" to="/dashboard/section" state={{ ...trail, termId: term.id, termName: term.name } satisfies AdminTrail}>
                <span dir="auto">{term.name}</span>
                <span className={`status-pill${term.isLocked ? ' is-locked' : ''}`}>{term.isLocked ? t('admin.termLocked') : t('admin.termOpen')}</span>
              </Link>
              {/* Named by what a press does ('Lock الترم الأول'); on = locked. */}
              <SwitchField
                className="lock-switch"
                label={
                  <>
                    <span aria-hidden="true">{term.isLocked ? t('admin.unlock') : t('admin.lock')}</span>
                    <span className="visually-hidden" dir="auto">
                      {t(term.isLocked ? 'admin.unlockNamed' : 'admin.lockNamed', { name: term.name })}
                    </span>
                  </>
                }
                labelPosition="end"
                isChecked={term.isLocked}
                isDisabled={toggling.isLoading || isFetching}
                onChange={() => void toggle(term.id)}
              />
              <TermBundleForm key={`${term.bundlePrice}|${term.endsAt}`} term={term} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
