import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import { useListCoursesQuery } from '../api/list-courses';
import { courseTrail } from '../lib/nav-state';
import { viewOf } from '../lib/query-view';
import { GradeCard } from './grade-card';

/** The home page's grade cards for a signed-in visitor (spec 2): 1, 2 or 3 columns by width. */
export function GradeCards() {
  const t = useT();
  const { data: courses = [], status } = viewOf(useListCoursesQuery());

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
