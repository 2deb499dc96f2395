import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import type { QuizSummary } from '@/lib/endpoints/list-quizzes';
import { useListQuizzesToTakeQuery } from '../api/list-quizzes-to-take';
import { quizLink } from '../lib/quiz-state';
import { QuizCardFace } from './quiz-card-face';
import './quiz.css';
import '@/i18n/quiz-area';

/**
 * The content page's Quiz section (spec 2): the section's quizzes, each a link to /quiz with the
 * quiz id in the navigation state (and in `?id=` for a reload). Links are shown to everyone.
 */
export function QuizLinks({ contentId }: { contentId: string }) {
  const t = useT();
  const query = useListQuizzesToTakeQuery(contentId);
  if (query.isError)
    return (
      <p className="notice" role="alert" dir="auto">
        {messageOf(query.error, t, 'quiz.loadFailed')}
      </p>
    );
  if (!query.currentData) return <Spinner label={t('loading')} />;
  if (!query.currentData.length) return <p className="notice">{t('quiz.sectionEmpty')}</p>;
  return (
    <div className="lecture-grid">
      {query.currentData.map((quiz) => (
        <QuizCard key={quiz.id} quiz={quiz} />
      ))}
    </div>
  );
}

function QuizCard({ quiz }: { quiz: QuizSummary }) {
  const t = useT();
  const link = quizLink(quiz.id);
  return (
    <Link to={link.to} state={link.state} className="lecture-link" aria-label={t('quiz.takeNamed', { name: quiz.title })}>
      <article className="lecture-card" data-testid="quiz-card">
        <QuizCardFace quiz={quiz} meta={quiz.settings.timeLimitMinutes !== null && <span>{t('quiz.timeLimit', { n: quiz.settings.timeLimitMinutes })}</span>} />
        <span className="lecture-cta">{t('quiz.take')}</span>
      </article>
    </Link>
  );
}
