import { useState } from 'react';
import { SubmitButton } from '@/components/button';
import { SelectField } from '@/components/fields';
import { Modal } from '@/components/modal';
import { toastError, toastSuccess, toastWarning } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { useListQuizzesQuery } from '@/lib/endpoints/list-quizzes';
import { messageOf } from '@/lib/messages';
import { useAssignQuizMutation } from '../api/assign-quiz';
import './quiz.css';
import '@/i18n/quiz-area';

/**
 * Spec 2 and 5: 'Assign Quiz' on a Quiz section. The select lists every quiz not in this section
 * as 'title (N questions)'; a loading note while they load; none → the spec's text and the button
 * disabled; nothing selected → the warning. The section's list reloads after it (tag Quiz).
 */
export function AssignQuizModal({ contentId, assignedIds, onClose }: { contentId: string; assignedIds: string[]; onClose: () => void }) {
  const t = useT();
  const quizzesQuery = useListQuizzesQuery();
  const [assign, assigning] = useAssignQuizMutation();
  const [quizId, setQuizId] = useState('');
  const [pickError, setPickError] = useState<string>();
  const choices = (quizzesQuery.data ?? []).filter((q) => !assignedIds.includes(q.id));
  const loading = quizzesQuery.isLoading;
  const none = !loading && choices.length === 0;
  const chosen = choices.find((q) => q.id === quizId);

  async function onSubmit() {
    if (!quizId) {
      setPickError(t('quiz.assignPick'));
      void toastWarning(t('quiz.assignPick'));
      return;
    }
    const result = await assign({ contentId, quizId });
    if ('data' in result && result.data) {
      void toastSuccess(t('quiz.assigned'));
      onClose();
      return;
    }
    // Spec 8: the server's text (in the user's language when it has a code), else 'Something went wrong'.
    void toastError(messageOf(result.error, t, 'quiz.assignFailed'));
  }

  return (
    <Modal title={t('quiz.assignTitle')} onClose={onClose} closeLabel={t('quiz.close')}>
      <form
        className="assign-quiz-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        {loading ? (
          <p className="muted" role="status">
            {t('quiz.assignLoading')}
          </p>
        ) : none ? (
          <p className="notice">{t('quiz.assignNone')}</p>
        ) : (
          <SelectField
            label={t('quiz.assignSelect')}
            value={quizId}
            onChange={(e) => {
              setQuizId(e.target.value);
              setPickError(undefined);
            }}
            error={pickError}
          >
            <option value="">{t('quiz.assignPlaceholder')}</option>
            {choices.map((q) => (
              // The title isolated (U+2068…U+2069): an English title reads whole inside an Arabic line.
              <option key={q.id} value={q.id}>
                {t('quiz.assignOption', { title: `\u2068${q.title}\u2069`, n: q.questionCount })}
              </option>
            ))}
          </SelectField>
        )}
        {chosen?.contentId && <p className="muted">{t('quiz.assignElsewhere')}</p>}
        <div className="card-actions">
          <button type="button" className="button button-ghost" onClick={onClose}>
            {t('quiz.cancel')}
          </button>
          <SubmitButton loading={assigning.isLoading} disabled={loading || none} className="assign-quiz-submit">
            {t('quiz.assignButton')}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
