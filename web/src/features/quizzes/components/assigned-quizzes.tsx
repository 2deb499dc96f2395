import { useCallback, useState } from 'react';
import { PlusIcon, TrashIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useListSectionQuizzesQuery } from '../api/list-section-quizzes';
import { useUnassignQuizMutation } from '../api/unassign-quiz';
import { AssignQuizModal } from './assign-quiz-modal';
import { QuizCardFace } from './quiz-card-face';
import './quiz.css';
import '@/i18n/quiz-area';

/**
 * /dashboard/preview for a 'Quiz' section (spec 2): the quizzes assigned to it, each with
 * Unassign, and a plus card opening 'Assign Quiz'. The list reloads after either (tag Quiz).
 */
export function AssignedQuizzes({ contentId }: { contentId: string }) {
  const t = useT();
  const query = useListSectionQuizzesQuery(contentId);
  const [unassign, unassigning] = useUnassignQuizMutation();
  const [open, setOpen] = useState(false);
  const close = useCallback(() => setOpen(false), []);
  const quizzes = query.currentData ?? [];

  async function onUnassign(quizId: string) {
    const result = await unassign(quizId);
    if ('data' in result && result.data) void toastSuccess(t('quiz.unassigned'));
    else if (!(result.error as { handled?: boolean } | undefined)?.handled) void toastError(messageOf(result.error, t, 'quiz.assignFailed'));
  }

  if (query.isLoading) return <Spinner label={t('quiz.assignLoading')} />;
  return (
    <>
      {query.isError && (
        <p className="notice" role="alert" dir="auto">
          {messageOf(query.error, t, 'quiz.assignFailed')}
        </p>
      )}
      <div className="lecture-grid" data-testid="assigned-quizzes">
        <button type="button" className="add-card" onClick={() => setOpen(true)}>
          <PlusIcon size={36} />
          {t('quiz.assignAdd')}
        </button>
        {quizzes.map((quiz) => (
          <article key={quiz.id} className="lecture-card" data-testid="assigned-quiz">
            <QuizCardFace quiz={quiz} />
            <div className="card-actions">
              <button
                type="button"
                className="button button-ghost is-danger"
                disabled={unassigning.isLoading}
                onClick={() => void onUnassign(quiz.id)}
                aria-label={t('quiz.unassignNamed', { name: quiz.title })}
              >
                <TrashIcon /> {t('quiz.unassign')}
              </button>
            </div>
          </article>
        ))}
      </div>
      {!quizzes.length && !query.isError && <p className="muted">{t('quiz.sectionNone')}</p>}
      {open && <AssignQuizModal contentId={contentId} assignedIds={quizzes.map((q) => q.id)} onClose={close} />}
    </>
  );
}
