import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { isQuizView, useGetQuizQuery } from '../api/get-quiz';
import { draftOf, emptyQuiz } from '../lib/admin-quiz-form';
import { AdminQuizForm } from './admin-quiz-form';
import '@/i18n/quiz-area';

/** The create/edit view (spec 4: the list view goes to it and back): 'Back to Quizzes', then the form. */
export function AdminQuizEditor({ quizId, onBack }: { quizId?: string; onBack: () => void }) {
  const t = useT();
  const quiz = useGetQuizQuery(quizId ?? '', { skip: !quizId, refetchOnMountOrArgChange: true });
  const loaded = quiz.currentData && !isQuizView(quiz.currentData) ? quiz.currentData : undefined;
  return (
    <section className="page quiz-editor">
      <div className="page-head">
        <button type="button" className="button button-ghost" onClick={onBack}>
          <span aria-hidden="true" className="back-arrow">
            ←
          </span>{' '}
          {t('quizAdmin.back')}
        </button>
      </div>
      <h1 dir="auto">{quizId ? t('quizAdmin.editTitle') : t('quizAdmin.createTitle')}</h1>
      {!quizId ? (
        <AdminQuizForm initial={emptyQuiz()} onDone={onBack} />
      ) : loaded ? (
        <AdminQuizForm key={loaded.id} initial={draftOf(loaded)} quizId={loaded.id} imageUrl={loaded.imageUrl} onDone={onBack} />
      ) : quiz.isError ? (
        <p className="notice" role="alert" dir="auto">
          {messageOf(quiz.error, t, 'quizAdmin.loadQuizFailed')}
        </p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
