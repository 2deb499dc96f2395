import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the quizzes issue builds this screen (spec 2: /dashboard/quizzes). */
export default function AdminQuizzesRoute() {
  return <ComingSoon titleKey="soon.quizzes" />;
}
