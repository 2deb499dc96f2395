import { useState } from 'react';
import type { Course } from '@shared/schemas/catalogue';
import { confirm } from '@/components/confirm';
import { EditIcon, PlusIcon, TrashIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useDeleteCourseMutation } from '../api/delete-course';
import { useListCoursesQuery } from '../api/list-courses';
import { CourseFormModal } from '../components/course-form-modal';
import { GradeCard } from '../components/grade-card';
import { ListFailed } from '../components/list-failed';
import type { AdminTrail } from '../lib/nav-state';
import { useFailureToast, viewOf, wasHandled } from '../lib/query-view';
import { usePageTitle } from '@/lib/page-title';

/** Spec 2: /dashboard, the courses grid with add, edit and delete; a course's tracks open its terms. */
export default function AdminCoursesRoute() {
  const t = useT();
  const coursesQuery = useListCoursesQuery();
  const { data: courses = [], status } = viewOf(coursesQuery);
  const [deleteCourse] = useDeleteCourseMutation();
  const [editing, setEditing] = useState<Course | 'new' | null>(null);
  useFailureToast(coursesQuery);

  usePageTitle(t('title.courses'));

  async function onDelete(course: Course) {
    if (!(await confirm())) return;
    const result = await deleteCourse(course.id);
    if (!result.error) void toastSuccess(t('admin.courseDeleted'));
    else if (!wasHandled(result.error)) void toastError(messageOf(result.error, t, 'cat.genericError'));
  }

  return (
    <section className="page">
      <div className="page-head">
        <h1>{t('admin.coursesTitle')}</h1>
        <button type="button" className="button button-primary" onClick={() => setEditing('new')}>
          <PlusIcon /> {t('admin.addCourse')}
        </button>
      </div>
      {status === 'loading' && courses.length === 0 ? (
        <Spinner label={t('loading')} />
      ) : status === 'failed' && courses.length === 0 ? (
        <ListFailed onRetry={coursesQuery.refetch} />
      ) : courses.length === 0 ? (
        <p className="notice">{t('admin.emptyCourses')}</p>
      ) : (
        <div className="grade-grid">
          {courses.map((course) => (
            <GradeCard
              key={course.id}
              course={course}
              linkFor={(track) => ({ to: '/dashboard/terms', state: { courseId: course.id, courseFor: track, courseName: course.name } satisfies AdminTrail })}
              // Issue 43: a course with no school year rings no student's bell for its new lectures.
              note={course.schooleYear ? undefined : t('admin.courseNoSchoolYear')}
              actions={
                <div className="card-actions">
                  <button type="button" className="icon-button" onClick={() => setEditing(course)} aria-label={t('admin.editNamed', { name: course.name })} title={t('admin.edit')}>
                    <EditIcon />
                  </button>
                  <button type="button" className="icon-button is-danger" onClick={() => void onDelete(course)} aria-label={t('admin.deleteNamed', { name: course.name })} title={t('admin.delete')}>
                    <TrashIcon />
                  </button>
                </div>
              }
            />
          ))}
        </div>
      )}
      {editing && <CourseFormModal course={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </section>
  );
}
