import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the catalogue issue builds this screen (spec 2: /lec/{id}). */
export default function LectureRoute() {
  return <ComingSoon title="Lecture" issue="catalogue" />;
}
