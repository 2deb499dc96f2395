import { Card } from '@aws-amplify/ui-react';
import { Link } from 'react-router';
import { EditIcon, TrashIcon } from '@/components/icons';
import { useLanguage, useT } from '@/i18n/use-t';
import type { QuizSummary } from '@/lib/endpoints/list-quizzes';
import { mediaSrc } from '../lib/admin-quiz-form';
import '@/i18n/quiz-area';

/** One quiz of the list: image, title, description, question count, created date and time; Edit, Delete, View Details. */
export function AdminQuizCard({ quiz, onEdit, onDelete }: { quiz: QuizSummary; onEdit: () => void; onDelete: () => void }) {
  const t = useT();
  const language = useLanguage();
  const created = new Date(quiz.createdAt);
  const when = Number.isNaN(created.getTime()) ? quiz.createdAt : new Intl.DateTimeFormat(language === 'ar' ? 'ar-EG' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(created);
  const image = mediaSrc(quiz.imageUrl);
  return (
    <Card as="article" variation="outlined" className="quiz-card" data-testid="quiz-card">
      {image ? <img src={image} alt="" className="quiz-card-image" width={320} height={180} loading="lazy" decoding="async" /> : <div className="quiz-card-image is-empty" aria-hidden="true" />}
      <div className="quiz-card-body">
        <h2 dir="auto">{quiz.title}</h2>
        {quiz.description && (
          <p className="muted quiz-card-text" dir="auto">
            {quiz.description}
          </p>
        )}
        <p className="quiz-card-meta">
          <span>
            {quiz.questionCount === 1 ? t('quizAdmin.questionCountOne') : t('quizAdmin.questionCount', { count: quiz.questionCount })}
            {/* A drawn quiz: each attempt asks this many of them. */}
            {quiz.settings.drawCount ? ` · ${t('quizAdmin.perAttempt', { count: quiz.settings.drawCount })}` : null}
          </span>
          <time dateTime={quiz.createdAt} className="muted">
            {t('quizAdmin.created', { date: when })}
          </time>
        </p>
      </div>
      <div className="card-actions quiz-card-actions">
        <button type="button" className="button button-ghost" onClick={onEdit} aria-label={t('quizAdmin.editNamed', { name: quiz.title })}>
          <EditIcon /> {t('quizAdmin.edit')}
        </button>
        <button type="button" className="button button-ghost is-danger" onClick={onDelete} aria-label={t('quizAdmin.deleteNamed', { name: quiz.title })}>
          <TrashIcon /> {t('quizAdmin.delete')}
        </button>
        <Link className="button button-primary" to={`/dashboard/quizzes/${quiz.id}`}>
          {t('quizAdmin.viewDetails')}
        </Link>
      </div>
    </Card>
  );
}
