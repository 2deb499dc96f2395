/**
 * /content as the app composes it: the catalogue's sections with the quizzes feature's quiz
 * list in a 'Quiz' section, and the payments feature's whole-term offer above them. Features do not import each other; the app puts them together.
 */
import ContentRoute from '@/features/catalogue/routes/content';
import { TermBundleOffer } from '@/features/payments/components/term-bundle-offer';
import { QuizLinks } from '@/features/quizzes/components/quiz-links';

const quizSection = (contentId: string) => <QuizLinks contentId={contentId} />;
const termOffer = (termId: string) => <TermBundleOffer termId={termId} />;

export default function ContentPage() {
  return <ContentRoute quizSection={quizSection} termOffer={termOffer} />;
}
