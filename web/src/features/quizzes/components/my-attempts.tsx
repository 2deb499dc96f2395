import { useLanguage, useT } from '@/i18n/use-t';
import { useListMyAttemptsQuery } from '../api/list-my-attempts';
import { attemptTime, percentText } from '../lib/attempts';
import '@/i18n/quiz-area';

/**
 * The student's own finished attempts at this quiz (read again after each submit). `any`: there is
 * one at least (attempts used, or one just submitted): before the first nothing is read.
 */
export function MyAttempts({ quizId, any }: { quizId: string; any: boolean }) {
  const t = useT();
  const language = useLanguage();
  const attempts = useListMyAttemptsQuery(quizId, { skip: !any }).data ?? [];
  if (attempts.length === 0) return null;
  return (
    <details className="my-attempts" data-testid="my-attempts">
      <summary>
        {t('quiz.history')} <span className="muted">({attempts.length})</span>
      </summary>
      <ol>
        {attempts.map((a) => (
          <li key={a.number} className="my-attempt">
            <strong>{t('quiz.historyAttempt', { n: a.number })}</strong>
            <span dir="ltr" className="attempt-score">
              {percentText(a.score)}
            </span>
            <span className={a.passed ? 'quiz-passed' : 'muted'}>{t(a.passed ? 'quiz.historyPassed' : 'quiz.historyNotPassed')}</span>
            <span className="muted">
              {attemptTime(a.finishedAt, language)}
              {a.closedAtDeadline && ` · ${t('quiz.historyClosed')}`}
            </span>
          </li>
        ))}
      </ol>
    </details>
  );
}
