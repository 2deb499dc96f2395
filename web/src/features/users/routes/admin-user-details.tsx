import { Badge } from '@aws-amplify/ui-react';
import { skipToken } from '@reduxjs/toolkit/query';
import { Link, useNavigate, useParams } from 'react-router';
import { type DataColumn, DataTable } from '@/components/data-table';
import { Spinner } from '@/components/spinner';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/users-area';
import { errorCodeOf } from '@/lib/messages';
import { failureText } from '../lib/failure-text';
import { type UserDetails, useGetUserDetailsQuery } from '../api/get-user-details';
import { UserActions } from '../components/user-actions';
import { UserDevices } from '../components/user-devices';
import { UserParents } from '../components/user-parents';
import { UserStatusBadge } from '../components/user-status-badge';
import { UserWallet } from '../components/user-wallet';
import { VideoViews } from '../components/video-views';
import { WatchTime } from '../components/watch-time';
import { amountText, dateTimeText, dayText, fullName, phoneText } from '../lib/format';
import { useUserActions } from '../lib/use-user-actions';
import '../components/users.css';
import { usePageTitle } from '@/lib/page-title';

/**
 * /dashboard/users/{id} (spec 2 shows a placeholder; the issue makes it real): the student's
 * profile, school year, status, joined and last sign-in, the lectures owned (bought or granted,
 * dates, expired) and the quiz results (best score, passed, attempts) — with block, delete and
 * assign lecture from here. Issue 41: the devices, the last sign-ins and the sharing signals.
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
  usePageTitle(d ? fullName(d.user) : t('title.user'));

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
  const lectureColumns: DataColumn<UserDetails['lectures'][number]>[] = [
    { header: t('userPage.colLecture'), dir: 'auto', cell: (l) => l.lectureName || l.name },
    {
      header: t('userPage.colHow'),
      cell: (l) =>
        l.source === 'grant' ? (
          <Badge size="small" variation="info">
            {t('userPage.granted')}
          </Badge>
        ) : (
          t('userPage.bought')
        ),
    },
    { header: t('userPage.colPaid'), cell: (l) => <bdi dir="ltr">{amountText(l.pricePaid)}</bdi> },
    { header: t('userPage.colFrom'), cell: (l) => <time dateTime={l.purchaseDate}>{dayText(l.purchaseDate, language)}</time> },
    { header: t('userPage.colUntil'), cell: (l) => <time dateTime={l.expiryDate}>{dayText(l.expiryDate, language)}</time> },
    {
      header: t('userPage.colState'),
      cell: (l) => (
        <Badge size="small" variation={l.expired ? 'error' : 'success'}>
          {t(l.expired ? 'userPage.expired' : 'userPage.current')}
        </Badge>
      ),
    },
  ];
  const resultColumns: DataColumn<UserDetails['results'][number]>[] = [
    { header: t('userPage.colQuiz'), dir: 'auto', cell: (r) => r.title },
    { header: t('userPage.colBest'), cell: (r) => <bdi dir="ltr">{r.bestScore === null ? t('userPage.noScore') : `${Math.round(r.bestScore)}%`}</bdi> },
    {
      header: t('userPage.colPassed'),
      cell: (r) => (
        <Badge size="small" variation={r.passed ? 'success' : 'warning'}>
          {t(r.passed ? 'userPage.passed' : 'userPage.notPassed')}
        </Badge>
      ),
    },
    { header: t('userPage.colAttempts'), cell: (r) => <bdi dir="ltr">{r.attempts}</bdi> },
    { header: t('userPage.colLast'), cell: (r) => <time dateTime={r.updatedAt}>{dateTimeText(r.updatedAt, language)}</time> },
  ];
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
              <UserStatusBadge user={u} />
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

      {/* Issue 43. */}
      <section className="user-parents-section" aria-labelledby="user-parents-title">
        <h2 id="user-parents-title">{t('userParents.title')}</h2>
        <UserParents userId={u.id} />
      </section>

      <h2>{t('userPage.lectures')}</h2>
      <DataTable columns={lectureColumns} rows={d.lectures} rowKey={(l) => l.id} rowTestId="owned-row" rowClassName={(l) => (l.expired ? 'is-expired' : undefined)} empty={t('userPage.noLectures')} />

      <h2>{t('userPage.results')}</h2>
      <DataTable columns={resultColumns} rows={d.results} rowKey={(r) => r.quizId} rowTestId="result-row" empty={t('userPage.noResults')} />

      {/* A server from before issue 40 sends no wallet. */}
      {d.wallet && (
        <>
          <h2>{t('userWallet.title')}</h2>
          <UserWallet userId={u.id} wallet={d.wallet} />
        </>
      )}

      <h2>{t('userDevices.title')}</h2>
      <UserDevices userId={u.id} />

      <h2>{t('userPage.videoViews')}</h2>
      <VideoViews userId={u.id} />

      <h2>{t('watch.studentTitle')}</h2>
      <WatchTime userId={u.id} />
      {actions.modal}
    </section>
  );
}

