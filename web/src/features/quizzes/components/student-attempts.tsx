import { useLanguage, useT } from '@/i18n/use-t';
import { useListStudentAttemptsQuery } from '../api/list-student-attempts';
import { attemptTime, percentText } from '../lib/attempts';
import '@/i18n/quiz-area';

/**
 * One student's attempts, read when the teacher opens their row: each attempt's time, score, and the
 * answer given to each question, right or wrong (questions numbered as the analytics lists them).
 */
export function StudentAttempts({ quizId, userId, questionIds }: { quizId: string; userId: string; questionIds: string[] }) {
  const t = useT();
  const language = useLanguage();
  const attempts = useListStudentAttemptsQuery({ quizId, userId });
  if (attempts.isError) return <p className="notice">{t('quizAdmin.attemptsFailed')}</p>;
  if (!attempts.data) return <p className="muted">{t('quizAdmin.attemptsLoading')}</p>;
  return (
    <ol className="student-attempts" data-testid="student-attempts">
      {attempts.data.map((a) => (
        <li key={a.number} className="student-attempt">
          <span className="student-attempt-head">
            <strong>{t('quizAdmin.attemptN', { n: a.number })}</strong> <span className="muted">{attemptTime(a.finishedAt, language)}</span>{' '}
            <span dir="ltr" className={a.passed ? 'attempt-score is-passed' : 'attempt-score'}>
              {percentText(a.score)}
            </span>
          </span>
          <span className="student-attempt-marks">
            {[...(a.marks ?? [])]
              .sort((x, y) => questionIds.indexOf(x.questionId) - questionIds.indexOf(y.questionId))
              .map((m) => (
                <span key={m.questionId} className={m.correct ? 'attempt-mark is-right' : 'attempt-mark is-wrong'}>
                  {questionIds.indexOf(m.questionId) + 1}. <bdi>{m.answerText ?? t('quizAdmin.none')}</bdi> <span aria-hidden="true">{m.correct ? '✓' : '✗'}</span>
                  <span className="visually-hidden">{t(m.correct ? 'quizAdmin.markRight' : 'quizAdmin.markWrong')}</span>
                </span>
              ))}
          </span>
        </li>
      ))}
    </ol>
  );
}
