import { useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { Spinner } from '@/components/spinner';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { getSections } from '../api/get-sections';
import { type AdminTrail, readAdminTrail } from '../lib/nav-state';
import { CATALOGUE_TEXTS } from '../lib/texts';
import { useLoad } from '../lib/use-load';

/** Spec 2: the content sections of a term; each opens /dashboard/preview. */
export default function AdminSectionsRoute() {
  const t = useT();
  const trail = readAdminTrail(useLocation().state);
  const termId = trail?.termId;
  const sections = useLoad(termId ? () => getSections(termId) : null, termId ?? '');

  useEffect(() => {
    document.title = 'Bioscope | Sections';
  }, []);
  useEffect(() => {
    if (sections.status === 'failed') void toastError(errorMessage(sections.error, CATALOGUE_TEXTS.genericError));
  }, [sections.status, sections.error]);

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
      <h1 lang="ar">{t('admin.sectionsOf', { name: trail.termName ?? '' })}</h1>
      {sections.status === 'loading' ? (
        <Spinner label={t('loading')} />
      ) : !sections.data?.length ? (
        <p className="notice" lang="ar">
          {CATALOGUE_TEXTS.noContent}
        </p>
      ) : (
        <ul className="section-grid">
          {sections.data.map((s) => (
            <li key={s.id}>
              <Link className="section-tile" to="/dashboard/preview" state={{ ...trail, contentId: s.id, sectionType: s.content } satisfies AdminTrail} lang="ar">
                {s.content}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
