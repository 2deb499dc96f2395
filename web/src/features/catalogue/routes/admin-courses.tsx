import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the catalogue issue builds this screen (spec 2: /dashboard). */
export default function AdminCoursesRoute() {
  return <ComingSoon title="Courses" issue="catalogue" />;
}
