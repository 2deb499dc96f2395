import { useSelector } from 'react-redux';
import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import { selectUser } from '@/lib/session';
import { useListCoursesQuery } from '../api/list-courses';
import { courseTrail } from '../lib/nav-state';
import { ownGradeFirst } from '../lib/own-grade-first';
import { viewOf } from '../lib/query-view';
import { GradeCard } from './grade-card';

/** The home page's grade cards for a signed-in visitor (spec 2): 1, 2 or 3 columns by width, the student's own school year first. */
export function GradeCards() {
  const t = useT();
  const { data: all = [], status } = viewOf(useListCoursesQuery());
  const schoolYear = useSelector(selectUser)?.schooleYear;
  const courses = ownGradeFirst(all, schoolYear);

  if (status === 'loading' && courses.length === 0) return <Spinner label={t('home.gradesLoading')} />;
  if (status === 'succeeded' && courses.length === 0) return <p className="notice">{t('home.noGrades')}</p>;
  return (
    <div className="grade-grid">
      {courses.map((course) => (
        <GradeCard key={course.id} course={course} linkFor={(track) => ({ to: '/term', state: courseTrail(course.name, course.id, track) })} hint />
      ))}
    </div>
  );
}
