import { QUIZ_PASS_MARK_PERCENT } from '@shared/constants';
import type { QuizView } from '../api/get-quiz';
import type { QuizResult } from '../api/submit-quiz';
import { useT } from '@/i18n/use-t';
import { optionText } from '../lib/option-text';
import '@/i18n/quiz-area';

/**
 * Spec 4: the score and passed (≥ 50 %) or the warning; per question right or wrong, the right
 * answer only when the teacher chose to reveal it (the server sends it then, never otherwise).
 */
export function QuizResultView({ quiz, result }: { quiz: QuizView; result: QuizResult }) {
  const t = useT();
  const marks = new Map(result.questions.map((q) => [q.questionId, q]));
  return (
    <section className="quiz-result" aria-labelledby="quiz-result-title" data-testid="quiz-result">
      <h2 id="quiz-result-title">{t('quiz.result')}</h2>
      <div className={`quiz-score${result.passed ? ' is-passed' : ' is-failed'}`}>
        <span className="quiz-score-label">{t('quiz.score')}</span>
        <bdi className="quiz-score-value" dir="ltr" data-testid="quiz-score">
          {result.score}%
        </bdi>
        <bdi className="muted" dir="ltr">
          {result.scoreDetails}
        </bdi>
      </div>
      <p className={result.passed ? 'quiz-passed' : 'quiz-warning'} role={result.passed ? 'status' : 'alert'}>
        {result.passed ? t('quiz.passed') : t('quiz.notPassed', { mark: QUIZ_PASS_MARK_PERCENT })}
      </p>
      {result.closedAtDeadline && <p className="muted">{t('quiz.closedAtDeadline')}</p>}
      <ol className="quiz-marks">
        {quiz.questions.map((question) => {
          const mark = marks.get(question.id);
          if (!mark) return null;
          return (
            <li key={question.id} className={mark.correct ? 'is-correct' : 'is-wrong'} data-testid="quiz-mark">
              <span className="quiz-mark-badge">{mark.correct ? `✓ ${t('quiz.correct')}` : `✗ ${t('quiz.wrong')}`}</span>
              <span className="quiz-mark-text" dir="auto">
                {question.text}
              </span>
              <span className="muted" dir="auto">
                {mark.answerText ? t('quiz.yourAnswer', { answer: optionText(t, question.type, mark.answerText) }) : t('quiz.noAnswer')}
              </span>
              {mark.correctAnswerText !== undefined && !mark.correct && (
                <span className="quiz-right-answer" dir="auto">
                  {t('quiz.rightAnswer', { answer: optionText(t, question.type, mark.correctAnswerText) })}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
