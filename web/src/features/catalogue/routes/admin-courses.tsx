import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import type { Course } from '@shared/schemas/catalogue';
import { confirm } from '@/components/confirm';
import { EditIcon, PlusIcon, TrashIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { useAppDispatch } from '@/stores/hooks';
import { removeCourse } from '../api/delete-course';
import { fetchCourses } from '../api/get-courses';
import { CourseFormModal } from '../components/course-form-modal';
import { GradeCard } from '../components/grade-card';
import type { AdminTrail } from '../lib/nav-state';
import { CATALOGUE_TEXTS } from '../lib/texts';
import { selectCourses, selectCoursesStatus } from '../store/courses-slice';

/** Spec 2: /dashboard, the courses grid with add, edit and delete; a course's tracks open its terms. */
export default function AdminCoursesRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const courses = useSelector(selectCourses);
  const status = useSelector(selectCoursesStatus);
  const [editing, setEditing] = useState<Course | 'new' | null>(null);

  useEffect(() => {
    document.title = 'Bioscope | Courses';
    void dispatch(fetchCourses()).then((r) => {
      if (fetchCourses.rejected.match(r)) void toastError(errorMessage(r.payload, CATALOGUE_TEXTS.genericError));
    });
  }, [dispatch]);

  async function onDelete(course: Course) {
    if (!(await confirm())) return;
    const result = await dispatch(removeCourse(course.id));
    if (removeCourse.fulfilled.match(result)) void toastSuccess(CATALOGUE_TEXTS.courseDeleted);
    else void toastError(errorMessage(result.payload, CATALOGUE_TEXTS.genericError));
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
      ) : courses.length === 0 ? (
        <p className="notice">{t('admin.emptyCourses')}</p>
      ) : (
        <div className="grade-grid">
          {courses.map((course) => (
            <GradeCard
              key={course.id}
              course={course}
              linkFor={(track) => ({ to: '/dashboard/terms', state: { courseId: course.id, courseFor: track, courseName: course.name } satisfies AdminTrail })}
              actions={
                <div className="card-actions">
                  <button type="button" className="icon-button" onClick={() => setEditing(course)} aria-label={`${t('admin.edit')} ${course.name}`} title={t('admin.edit')}>
                    <EditIcon />
                  </button>
                  <button type="button" className="icon-button is-danger" onClick={() => void onDelete(course)} aria-label={`${t('admin.delete')} ${course.name}`} title={t('admin.delete')}>
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
