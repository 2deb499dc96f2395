import { LoadFailed } from '@/components/load-failed';
import { Spinner } from '@/components/spinner';
import { useLanguage, useT } from '@/i18n/use-t';
import type { Child } from '@/lib/parent-routes';
import { useGetChildReportQuery } from '../api/get-child-report';
import { dayText, numberText } from '../lib/format';
import { WatchWeeks } from './watch-weeks';

/** One child on /parent: school year and last activity, then the report (weekly watch time, lectures, quiz results). */
export function ChildCard({ child }: { child: Child }) {
  const t = useT();
  const language = useLanguage();
  const report = useGetChildReportQuery(child.id);
  const r = report.data;
  const lastActiveAt = r ? r.lastActiveAt : child.lastActiveAt;
  const headingId = `child-${child.id}`;
  return (
    <article className="child-card" data-testid="child-card" aria-labelledby={headingId}>
      <header className="child-head">
        <h2 id={headingId} dir="auto">
          {child.firstName} {child.lastName}
        </h2>
        {child.schooleYear && <span className="child-year">{t(`schoolYear.${child.schooleYear}` as 'schoolYear.First year')}</span>}
        <p className="child-active">
          <span className="muted">{t('child.lastActive')}: </span>
          <span data-testid="last-active">{lastActiveAt ? <time dateTime={lastActiveAt}>{dayText(lastActiveAt, language)}</time> : t('child.never')}</span>
        </p>
      </header>
      {report.isLoading ? (
        <Spinner />
      ) : !r ? (
        <LoadFailed message={t('child.reportFailed')} retryText={t('parentHome.tryAgain')} onRetry={() => void report.refetch()} />
      ) : (
        <>
          {r.weeks.length > 0 && <WatchWeeks weeks={r.weeks} language={language} />}
          <section className="child-section">
            <h3>{t('child.quizzes')}</h3>
            {r.quizResults.length === 0 ? (
              <p className="muted">{t('child.noQuizzes')}</p>
            ) : (
              <ul className="child-list">
                {r.quizResults.map((q) => (
                  <li key={`${q.quizId}-${q.date}`} className="child-quiz" data-testid="child-quiz">
                    <span className="child-item-name">
                      <bdi>{q.title}</bdi>
                    </span>
                    <span className="child-quiz-score">{t('child.score', { score: numberText(q.score, language), total: numberText(q.total, language) })}</span>
                    <span className={`status-pill child-pill${q.passed ? ' is-passed' : ' is-failed'}`}>{t(q.passed ? 'child.passed' : 'child.notPassed')}</span>
                    <time className="muted" dateTime={q.date}>
                      {dayText(q.date, language)}
                    </time>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="child-section">
            <h3>{t('child.lectures')}</h3>
            {r.lectures.length === 0 ? (
              <p className="muted">{t('child.noLectures')}</p>
            ) : (
              <ul className="child-list">
                {r.lectures.map((l) => (
                  <li key={l.id} className="child-lecture" data-testid="child-lecture">
                    <span className="child-item-name">
                      <bdi>{l.name}</bdi>
                    </span>
                    <span className="muted">
                      <bdi>{l.courseName}</bdi>
                    </span>
                    {l.expiresAt && <span className="muted">{t('child.until', { date: dayText(l.expiresAt, language) })}</span>}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </article>
  );
}
