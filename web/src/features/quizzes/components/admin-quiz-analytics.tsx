import { useT } from '@/i18n/use-t';
import type { QuizResults } from '../api/list-quiz-results';
import { optionText } from '../lib/option-text';
import '@/i18n/quiz-area';

/** Below this, a question barely tells the strongest students from the weakest (a common rule of thumb). */
const WEAK_DISCRIMINATION = 0.2;

/**
 * Per question, across the students' best attempts: facility (the share who got it right) as a
 * bar, discrimination (top 27 % against bottom 27 %), and the wrong answer chosen most.
 */
export function AdminQuizAnalytics({ analytics }: { analytics: QuizResults['analytics'] }) {
  const t = useT();
  if (analytics.length === 0) return null;
  return (
    <section className="quiz-analytics" aria-labelledby="quiz-analytics-title">
      <h2 id="quiz-analytics-title">{t('quizAdmin.analytics')}</h2>
      <p className="muted field-hint">{t('quizAdmin.analyticsHint')}</p>
      <ol className="analytics-list">
        {analytics.map((a) => {
          const facility = a.facility === null ? null : Math.round(a.facility * 100);
          // A question all (or none) got right cannot separate anyone: its 0 is no fault of the question.
          const weak = a.discrimination !== null && a.discrimination < WEAK_DISCRIMINATION && facility !== null && facility > 0 && facility < 100;
          return (
            <li key={a.questionId} className="analytics-item" data-testid="question-analytics">
              <p className="analytics-question" dir="auto">
                {a.text}
              </p>
              <div className="analytics-row">
                <span className="analytics-label">{t('quizAdmin.facility')}</span>
                {facility === null ? (
                  <span>{t('quizAdmin.none')}</span>
                ) : (
                  <span className="facility">
                    <span className="facility-bar" role="meter" aria-valuemin={0} aria-valuemax={100} aria-valuenow={facility} aria-label={t('quizAdmin.facilityOf', { n: facility })}>
                      <span className="facility-fill" style={{ inlineSize: `${facility}%` }} />
                    </span>
                    <span dir="ltr">{facility}%</span>
                  </span>
                )}
              </div>
              <div className="analytics-row">
                <span className="analytics-label">{t('quizAdmin.discrimination')}</span>
                <span dir="ltr" className={weak ? 'is-danger' : undefined}>
                  {a.discrimination === null ? t('quizAdmin.none') : a.discrimination.toFixed(2)}
                </span>
                {weak && <span className="muted">({t('quizAdmin.weakDiscrimination')})</span>}
              </div>
              <div className="analytics-row">
                <span className="analytics-label">{t('quizAdmin.mostWrong')}</span>
                <span dir="auto">{a.mostChosenWrong ? t('quizAdmin.mostWrongOf', { answer: optionText(t, a.type, a.mostChosenWrong.answerText), count: a.mostChosenWrong.count }) : t('quizAdmin.none')}</span>
              </div>
              <p className="muted field-hint">{t('quizAdmin.answeredBy', { count: a.answered })}</p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
