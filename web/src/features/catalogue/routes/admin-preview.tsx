import { skipToken } from '@reduxjs/toolkit/query';
import { type ReactNode, useCallback, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Lecture } from '@shared/schemas/catalogue';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { confirm } from '@/components/confirm';
import { EditIcon, PlusIcon, TrashIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useDeleteLectureMutation } from '../api/delete-lecture';
import { useListLecturesAdminQuery } from '../api/list-lectures-admin';
import { LectureCard } from '../components/lecture-card';
import { ListFailed } from '../components/list-failed';
import { LectureFormModal } from '../components/lecture-form-modal';
import { type AdminTrail, readAdminTrail } from '../lib/nav-state';
import { sectionName } from '../lib/section-name';
import { useFailureToast, viewOf, wasHandled } from '../lib/query-view';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec 2: /dashboard/preview. A lecture section ('شرح محاضرات', 'حل امتحانات') shows its lecture
 * cards with add, edit and delete (each refreshes the grid: tag Lecture); a 'Quiz' section shows
 * `quizPanel` (app/admin-preview-page.tsx: the assigned quizzes and 'Assign Quiz').
 */
export default function AdminPreviewRoute({ quizPanel }: { quizPanel?: (contentId: string) => ReactNode }) {
  const t = useT();
  const trail = readAdminTrail(useLocation().state);
  const contentId = trail?.contentId;
  const isQuiz = trail?.sectionType === 'Quiz';
  const lecturesQuery = useListLecturesAdminQuery(contentId && !isQuiz ? contentId : skipToken);
  const lectures = viewOf(lecturesQuery);
  const [deleteLecture] = useDeleteLectureMutation();
  const [editing, setEditing] = useState<Lecture | 'new' | null>(null);
  // Stable, so the open dialog keeps its listeners (and the focus) while the page re-renders.
  const closeEditor = useCallback(() => setEditing(null), []);
  useFailureToast(lecturesQuery);

  usePageTitle(t('title.lectures'));

  if (!trail || !contentId || !trail.termId) return <Navigate to="/dashboard" replace />;

  async function onDelete(lecture: Lecture) {
    if (!(await confirm())) return;
    const result = await deleteLecture(lecture.id);
    if (result.data) void toastSuccess(t('admin.lectureDeleted'));
    else if (!wasHandled(result.error)) void toastError(messageOf(result.error, t, 'cat.genericError'));
  }

  const courseState: AdminTrail = { courseId: trail.courseId, courseFor: trail.courseFor, courseName: trail.courseName };
  return (
    <section className="page">
      <Breadcrumbs
        items={[
          { name: t('admin.coursesTitle'), url: '/dashboard' },
          { name: `${trail.courseName} / ${trail.courseFor}`, url: '/dashboard/terms', state: courseState },
          { name: trail.termName ?? '', url: '/dashboard/section', state: { ...courseState, termId: trail.termId, termName: trail.termName } satisfies AdminTrail },
          { name: sectionName(t, trail.sectionType ?? '') },
        ]}
      />
      <h1 dir="auto">{sectionName(t, trail.sectionType ?? '')}</h1>
      {isQuiz ? (
        quizPanel ? (
          quizPanel(contentId)
        ) : (
          <p className="notice">{t('admin.quizSection')}</p>
        )
      ) : lectures.status === 'loading' && !lectures.data ? (
        <Spinner label={t('loading')} />
      ) : lectures.status === 'failed' && !lectures.data ? (
        <ListFailed onRetry={lecturesQuery.refetch} />
      ) : (
        <div className="lecture-grid">
          <button type="button" className="add-card" onClick={() => setEditing('new')}>
            <PlusIcon size={36} />
            {t('admin.addLecture')}
          </button>
          {lectures.data?.map((lecture) => (
            <LectureCard
              key={lecture.id}
              lecture={lecture}
              badge={<span className="badge">{lecture.numberOfLectures === 1 ? t('cat.oneVideo') : t('cat.videoCount', { n: lecture.numberOfLectures })}</span>}
              footer={
                <div className="card-actions">
                  <button type="button" className="button button-ghost" onClick={() => setEditing(lecture)}>
                    <EditIcon /> {t('admin.edit')}
                  </button>
                  <button type="button" className="button button-ghost is-danger" onClick={() => void onDelete(lecture)}>
                    <TrashIcon /> {t('admin.delete')}
                  </button>
                </div>
              }
            />
          ))}
        </div>
      )}
      {editing && <LectureFormModal contentId={contentId} lecture={editing === 'new' ? undefined : editing} onClose={closeEditor} />}
    </section>
  );
}
