/**
 * /content as the app composes it: the catalogue's sections with the quizzes feature's quiz
 * list in a 'Quiz' section. Features do not import each other; the app puts them together.
 */
import ContentRoute from '@/features/catalogue/routes/content';
import { QuizLinks } from '@/features/quizzes/components/quiz-links';

const quizSection = (contentId: string) => <QuizLinks contentId={contentId} />;

export default function ContentPage() {
  return <ContentRoute quizSection={quizSection} />;
}
