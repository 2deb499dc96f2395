import { skipToken } from '@reduxjs/toolkit/query';
import { Link, Navigate, useLocation } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Spinner } from '@/components/spinner';
import { ListFailed } from '../components/list-failed';
import { useT } from '@/i18n/use-t';
import { useListSectionsQuery } from '../api/list-sections';
import { type AdminTrail, readAdminTrail } from '../lib/nav-state';
import { sectionName } from '../lib/section-name';
import { useFailureToast, viewOf } from '../lib/query-view';
import { usePageTitle } from '@/lib/page-title';

/** Spec 2: the content sections of a term; each opens /dashboard/preview. */
export default function AdminSectionsRoute() {
  const t = useT();
  const trail = readAdminTrail(useLocation().state);
  const termId = trail?.termId;
  const sectionsQuery = useListSectionsQuery(termId ?? skipToken);
  const sections = viewOf(sectionsQuery);
  useFailureToast(sectionsQuery);

  usePageTitle(t('title.sections'));

  if (!trail || !termId) return <Navigate to="/dashboard" replace />;
  const course = `${trail.courseName} / ${trail.courseFor}`;
  return (
    <section className="page">
      <Breadcrumbs
        items={[
          { name: t('admin.coursesTitle'), url: '/dashboard' },
          { name: course, url: '/dashboard/terms', state: { courseId: trail.courseId, courseFor: trail.courseFor, courseName: trail.courseName } satisfies AdminTrail },
          { name: trail.termName ?? '' },
        ]}
      />
      <h1 dir="auto">{t('admin.sectionsOf', { name: trail.termName ?? '' })}</h1>
      {sections.status === 'loading' ? (
        <Spinner label={t('loading')} />
      ) : sections.status === 'failed' && !sections.data ? (
        <ListFailed onRetry={sectionsQuery.refetch} />
      ) : !sections.data?.length ? (
        <p className="notice" lang="ar">
          {t('cat.noContent')}
        </p>
      ) : (
        <ul className="section-grid">
          {sections.data.map((s) => (
            <li key={s.id}>
              <Link className="section-tile" to="/dashboard/preview" state={{ ...trail, contentId: s.id, sectionType: s.content } satisfies AdminTrail} dir="auto">
                {sectionName(t, s.content)}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
