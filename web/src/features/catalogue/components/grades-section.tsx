import { useSelector } from 'react-redux';
import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import { selectUser } from '@/lib/session';
import { useListCoursesQuery } from '../api/list-courses';
import { courseTrail } from '../lib/nav-state';
import { ownGradeFirst } from '../lib/own-grade-first';
import { viewOf } from '../lib/query-view';
import { GradeCard } from './grade-card';
import { ListFailed } from './list-failed';

/** The home page's grade cards for a signed-in visitor (spec 2): 1, 2 or 3 columns by width, the student's own school year first. */
export function GradeCards() {
  const t = useT();
  const coursesQuery = useListCoursesQuery();
  const { data: all = [], status } = viewOf(coursesQuery);
  const schoolYear = useSelector(selectUser)?.schooleYear;
  const courses = ownGradeFirst(all, schoolYear);

  if (status === 'loading' && courses.length === 0) return <Spinner label={t('home.gradesLoading')} />;
  if (status === 'failed' && courses.length === 0) return <ListFailed onRetry={coursesQuery.refetch} />;
  if (status === 'succeeded' && courses.length === 0) return <p className="notice">{t('home.noGrades')}</p>;
  return (
    <div className="grade-grid">
      {courses.map((course) => (
        <GradeCard key={course.id} course={course} linkFor={(track) => ({ to: '/term', state: courseTrail(course.name, course.id, track) })} hint />
      ))}
    </div>
  );
}
