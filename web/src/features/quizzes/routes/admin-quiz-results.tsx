import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the quizzes issue builds this screen (spec 2: /dashboard/quizzes/{quizId}). */
export default function AdminQuizResultsRoute() {
  return <ComingSoon titleKey="soon.quizResults" />;
}
