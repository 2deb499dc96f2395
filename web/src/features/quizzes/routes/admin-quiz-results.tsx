import { Card, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { Fragment, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadFailed, serverMessageOf } from '@/components/load-failed';
import { Spinner } from '@/components/spinner';
import { StudentName } from '@/components/student-name';
import { hasMessage, type MessageKey, useT } from '@/i18n/use-t';
import { useGetQuizQuery } from '../api/get-quiz';
import { useListQuizResultsQuery } from '../api/list-quiz-results';
import { AdminQuizAnalytics } from '../components/admin-quiz-analytics';
import { StudentAttempts } from '../components/student-attempts';
import { download } from '@/lib/csv';
import { csvName, resultsCsv, summaryFigures } from '../lib/admin-quiz-results';
import { percentText } from '../lib/attempts';
import '../components/admin-quizzes.css';
import '@/i18n/quiz-area';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec 2: /dashboard/quizzes/{quizId}, a quiz's results: Back, Refresh Results, the summary cards,
 * the table of each student's best attempt with its band (spec 9); ours: each student's attempts
 * and first score (a row opens to every attempt), the per-question analytics under it and a CSV download.
 */
export default function AdminQuizResultsRoute() {
  const t = useT();
  const { quizId = '' } = useParams();
  const results = useListQuizResultsQuery(quizId, { skip: !quizId });
  // The quiz's title names the page and the CSV file (the results carry none).
  const title = useGetQuizQuery(quizId, { skip: !quizId }).data?.title;
  const rows = results.currentData?.data ?? [];
  const figures = summaryFigures(results.currentData);
  const questionIds = (results.currentData?.analytics ?? []).map((a) => a.questionId);
  const [opened, setOpened] = useState<string | null>(null);

  usePageTitle(t('title.quizResults'));

  const band = (performance: string) => {
    const key = `quizAdmin.band.${performance}`;
    return hasMessage(key) ? t(key as MessageKey) : performance;
  };
  const headers = [t('quizAdmin.colNumber'), t('quizAdmin.colStudent'), t('quizAdmin.colScore'), t('quizAdmin.colPerformance'), t('quizAdmin.colAttempts'), t('quizAdmin.colPassed')];
  const csvHeaders = [...headers, t('quizAdmin.colFirst'), t('quizAdmin.colWatchedBefore')];
  const onCsv = () => download(resultsCsv(rows, csvHeaders, { band, passed: (p) => t(p ? 'quizAdmin.yes' : 'quizAdmin.no') }), csvName(title ?? quizId));

  return (
    <section className="page quiz-results">
      <div className="page-head">
        <Link className="button button-ghost" to="/dashboard/quizzes">
          <span aria-hidden="true" className="back-arrow">
            ←
          </span>{' '}
          {t('quizAdmin.backShort')}
        </Link>
        <div className="card-actions">
          <button type="button" className="button button-ghost" onClick={() => void results.refetch()} disabled={results.isFetching}>
            {t('quizAdmin.refreshResults')}
          </button>
          {rows.length > 0 && (
            <button type="button" className="button button-primary" onClick={onCsv}>
              {t('quizAdmin.downloadCsv')}
            </button>
          )}
        </div>
      </div>
      <h1>{t('quizAdmin.resultsTitle')}</h1>
      {title && (
        <p className="quiz-results-title" dir="auto">
          {title}
        </p>
      )}
      {results.isError ? (
        <LoadFailed message={t('quizAdmin.resultsFailed', { message: serverMessageOf(results.error) ?? t('quizAdmin.somethingWrong') })} retryText={t('quizAdmin.tryAgain')} onRetry={() => void results.refetch()} />
      ) : results.currentData === undefined ? (
        <Spinner />
      ) : (
        <>
          <div className="results-summary">
            {(
              [
                ['quizAdmin.totalStudents', String(figures.total)],
                ['quizAdmin.averageScore', figures.average],
                ['quizAdmin.highestScore', figures.highest],
                ['quizAdmin.lowestScore', figures.lowest],
              ] as const
            ).map(([label, value]) => (
              <Card key={label} variation="outlined" className="summary-card" data-testid="summary-card">
                <span className="muted">{t(label)}</span>
                <strong dir="ltr">{value}</strong>
              </Card>
            ))}
          </div>
          {rows.length === 0 ? (
            <p className="notice">{t('quizAdmin.noResults')}</p>
          ) : (
            <div className="table-scroll">
              <Table className="results-table" highlightOnHover size="small">
                <TableHead>
                  <TableRow>
                    {[...headers.slice(0, 5), t('quizAdmin.colFirst'), t('quizAdmin.colWatchedBefore')].map((h) => (
                      <TableCell as="th" key={h} scope="col">
                        {h}
                      </TableCell>
                    ))}
                    <TableCell as="th" scope="col">
                      <span className="visually-hidden">{t('quizAdmin.showAttempts')}</span>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((r, i) => (
                    <Fragment key={r.userId}>
                      <TableRow data-testid="result-row">
                        <TableCell>{i + 1}</TableCell>
                        <TableCell>
                          <StudentName name={r.studentName} deleted={r.studentDeleted} />
                        </TableCell>
                        <TableCell dir="ltr" className="score-cell">
                          {r.score}
                        </TableCell>
                        <TableCell>
                          <span className={`band band-${r.performance.replace(/\s+/g, '-').toLowerCase()}`}>{band(r.performance)}</span>
                        </TableCell>
                        <TableCell data-testid="result-attempts">{r.attempts}</TableCell>
                        <TableCell dir="ltr" className="score-cell" data-testid="result-first">
                          {percentText(r.firstScore)}
                        </TableCell>
                        <TableCell dir="ltr" className="score-cell" data-testid="result-watched">
                          {percentText(r.watchedBefore?.percent ?? null)}
                        </TableCell>
                        <TableCell>
                          <button
                            type="button"
                            className="link-button"
                            aria-expanded={opened === r.userId}
                            aria-controls={`attempts-${r.userId}`}
                            aria-label={`${t(opened === r.userId ? 'quizAdmin.hideAttempts' : 'quizAdmin.showAttempts')} ${r.studentName}`}
                            onClick={() => setOpened(opened === r.userId ? null : r.userId)}
                          >
                            {t(opened === r.userId ? 'quizAdmin.hideAttempts' : 'quizAdmin.showAttempts')}
                          </button>
                        </TableCell>
                      </TableRow>
                      {opened === r.userId && (
                        <TableRow id={`attempts-${r.userId}`} className="attempts-row">
                          <TableCell colSpan={8}>
                            <StudentAttempts quizId={quizId} userId={r.userId} questionIds={questionIds} />
                          </TableCell>
                        </TableRow>
                      )}
                    </Fragment>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
          <AdminQuizAnalytics analytics={results.currentData.analytics} />
        </>
      )}
    </section>
  );
}
