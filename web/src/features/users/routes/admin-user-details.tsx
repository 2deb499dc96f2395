import { Badge, Table, TableBody, TableCell, TableHead, TableRow } from '@aws-amplify/ui-react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Spinner } from '@/components/spinner';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/users-area';
import { errorCodeOf } from '@/lib/forms';
import { failureText } from '../lib/failure-text';
import { useGetUserDetailsQuery } from '../api/get-user-details';
import { UserActions } from '../components/user-actions';
import { amountText, dateTimeText, dayText, fullName, phoneText } from '../lib/format';
import { useUserActions } from '../lib/use-user-actions';
import '../components/users.css';

/**
 * /dashboard/users/{id} (spec 2 shows a placeholder; the issue makes it real): the student's
 * profile, school year, status, joined and last sign-in, the lectures owned (bought or granted,
 * dates, expired) and the quiz results (best score, passed, attempts) — with block, delete and
 * assign lecture from here.
 */
export default function AdminUserDetailsRoute() {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const { id } = useParams();
  const details = useGetUserDetailsQuery(id ?? skipToken);
  const actions = useUserActions({ onDeleted: () => navigate('/dashboard/users', { replace: true }) });

  // Only a body shaped as a student's page is shown (anything else reads as a failed load).
  const d = details.data?.user ? details.data : undefined;
  useEffect(() => {
    document.title = d ? `Bioscope | ${fullName(d.user)}` : 'Bioscope | User';
  }, [d]);

  if (details.isLoading) return <Spinner />;
  if (!d)
    return (
      <section className="page user-page">
        <Link to="/dashboard/users">{t('userPage.back')}</Link>
        <div className="notice" role="alert">
          <p dir="auto">{errorCodeOf(details.error) === 'user.notFound' ? t('userPage.notFound') : failureText(details.error, t, 'userPage.loadFailed')}</p>
          {errorCodeOf(details.error) === 'user.notFound' ? null : (
            <button type="button" className="button button-primary" onClick={() => void details.refetch()}>
              {t('users.tryAgain')}
            </button>
          )}
        </div>
      </section>
    );

  const u = d.user;
  const lectureCols = [t('userPage.colLecture'), t('userPage.colHow'), t('userPage.colPaid'), t('userPage.colFrom'), t('userPage.colUntil'), t('userPage.colState')];
  const resultCols = [t('userPage.colQuiz'), t('userPage.colBest'), t('userPage.colPassed'), t('userPage.colAttempts'), t('userPage.colLast')];
  return (
    <section className="page user-page">
      <Link to="/dashboard/users">{t('userPage.back')}</Link>
      <div className="page-head">
        <h1 dir="auto">{fullName(u)}</h1>
        <UserActions user={u} busy={actions.busy === u.id} onToggleBlock={actions.toggleBlock} onDelete={actions.remove} onAssign={actions.assign} />
      </div>

      <div className="people-card">
        <h2>{t('userPage.profile')}</h2>
        <dl className="facts">
          <div>
            <dt>{t('profile.email')}</dt>
            <dd dir="ltr">{u.email}</dd>
          </div>
          <div>
            <dt>{t('profile.phone')}</dt>
            <dd dir="ltr">{phoneText(u.mobileNumber) || t('profile.none')}</dd>
          </div>
          <div>
            <dt>{t('profile.schoolYear')}</dt>
            <dd>{u.schooleYear ? t(`schoolYear.${u.schooleYear}`) : t('profile.none')}</dd>
          </div>
          <div>
            <dt>{t('userPage.status')}</dt>
            <dd data-testid="user-status">
              {u.role === 'ADMIN' ? (
                <Badge size="small" variation="info">
                  {t('users.admin')}
                </Badge>
              ) : u.block ? (
                <Badge size="small" variation="error">
                  {t('users.blocked')}
                </Badge>
              ) : (
                <Badge size="small" variation="success">
                  {t('users.active')}
                </Badge>
              )}
            </dd>
          </div>
          <div>
            <dt>{t('userPage.joined')}</dt>
            <dd>
              <time dateTime={u.createdAt}>{dayText(u.createdAt, language)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('userPage.lastSignIn')}</dt>
            <dd>{u.lastSignInAt ? <time dateTime={u.lastSignInAt}>{dateTimeText(u.lastSignInAt, language)}</time> : <span className="muted">{t('userPage.never')}</span>}</dd>
          </div>
        </dl>
      </div>

      <h2>{t('userPage.lectures')}</h2>
      {d.lectures.length === 0 ? (
        <p className="notice">{t('userPage.noLectures')}</p>
      ) : (
        <div className="data-table-wrap">
          <Table className="data-table stack-on-phone" size="small">
            <TableHead>
              <TableRow>
                {lectureCols.map((h) => (
                  <TableCell as="th" key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {d.lectures.map((l) => (
                <TableRow key={l.id} data-testid="owned-row" className={l.expired ? 'is-expired' : undefined}>
                  <TableCell data-label={lectureCols[0]} dir="auto">
                    {l.lectureName || l.name}
                  </TableCell>
                  <TableCell data-label={lectureCols[1]}>
                    {l.source === 'grant' ? (
                      <Badge size="small" variation="info">
                        {t('userPage.granted')}
                      </Badge>
                    ) : (
                      t('userPage.bought')
                    )}
                  </TableCell>
                  <TableCell data-label={lectureCols[2]}>
                    <bdi dir="ltr">{amountText(l.pricePaid)}</bdi>
                  </TableCell>
                  <TableCell data-label={lectureCols[3]}>
                    <time dateTime={l.purchaseDate}>{dayText(l.purchaseDate, language)}</time>
                  </TableCell>
                  <TableCell data-label={lectureCols[4]}>
                    <time dateTime={l.expiryDate}>{dayText(l.expiryDate, language)}</time>
                  </TableCell>
                  <TableCell data-label={lectureCols[5]}>
                    {l.expired ? (
                      <Badge size="small" variation="error">
                        {t('userPage.expired')}
                      </Badge>
                    ) : (
                      <Badge size="small" variation="success">
                        {t('userPage.current')}
                      </Badge>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}

      <h2>{t('userPage.results')}</h2>
      {d.results.length === 0 ? (
        <p className="notice">{t('userPage.noResults')}</p>
      ) : (
        <div className="data-table-wrap">
          <Table className="data-table stack-on-phone" size="small">
            <TableHead>
              <TableRow>
                {resultCols.map((h) => (
                  <TableCell as="th" key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {d.results.map((r) => (
                <TableRow key={r.quizId} data-testid="result-row">
                  <TableCell data-label={resultCols[0]} dir="auto">
                    {r.title}
                  </TableCell>
                  <TableCell data-label={resultCols[1]}>
                    <bdi dir="ltr">{r.bestScore === null ? t('userPage.noScore') : `${Math.round(r.bestScore)}%`}</bdi>
                  </TableCell>
                  <TableCell data-label={resultCols[2]}>
                    {r.passed ? (
                      <Badge size="small" variation="success">
                        {t('userPage.passed')}
                      </Badge>
                    ) : (
                      <Badge size="small" variation="warning">
                        {t('userPage.notPassed')}
                      </Badge>
                    )}
                  </TableCell>
                  <TableCell data-label={resultCols[3]}>
                    <bdi dir="ltr">{r.attempts}</bdi>
                  </TableCell>
                  <TableCell data-label={resultCols[4]}>
                    <time dateTime={r.updatedAt}>{dateTimeText(r.updatedAt, language)}</time>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {actions.modal}
    </section>
  );
}
