import { ComingSoon } from '@/components/coming-soon';

/** Placeholder until the quizzes issue builds this screen (spec 2: /quiz). */
export default function QuizRoute() {
  return <ComingSoon titleKey="soon.quiz" />;
}
