import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import { useAppDispatch } from '@/stores/hooks';
import { fetchCourses } from '../api/get-courses';
import { courseTrail } from '../lib/nav-state';
import { selectCourses, selectCoursesStatus } from '../store/courses-slice';
import { GradeCard } from './grade-card';

/** The home page's grade cards for a signed-in visitor (spec 2): 1, 2 or 3 columns by width. */
export function GradeCards() {
  const t = useT();
  const dispatch = useAppDispatch();
  const courses = useSelector(selectCourses);
  const status = useSelector(selectCoursesStatus);

  useEffect(() => {
    void dispatch(fetchCourses());
  }, [dispatch]);

  if (status === 'loading' && courses.length === 0) return <Spinner label={t('home.gradesLoading')} />;
  if (status === 'succeeded' && courses.length === 0) return <p className="notice">{t('home.noGrades')}</p>;
  return (
    <div className="grade-grid">
      {courses.map((course) => (
        <GradeCard key={course.id} course={course} linkFor={(track) => ({ to: '/term', state: courseTrail(course.name, course.id, track) })} />
      ))}
    </div>
  );
}
