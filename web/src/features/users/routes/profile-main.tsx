import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { Spinner } from '@/components/spinner';
import { useT } from '@/i18n/use-t';
import '@/i18n/users-area';
import { failureText } from '../lib/failure-text';
import { useGetProfileQuery } from '../api/get-profile';
import { MyDevices } from '../components/my-devices';
import { NotificationSettingsCard } from '../components/notification-settings';
import { ParentInvite } from '../components/parent-invite';
import { phoneText } from '../lib/format';
import '../components/users.css';
import { usePageTitle } from '@/lib/page-title';
import { selectIsAdmin } from '@/lib/session';

/** Spec 2: /profile and /profile/main, my account: name, e-mail, phone (and school year), with links to edit it and to my lectures; and my devices (issue 41); inviting a parent (issue 43); `dataSaver`: the data saver's card (issue 44, app/profile-page.tsx). */
export default function ProfileMainRoute({ dataSaver }: { dataSaver?: ReactNode }) {
  const t = useT();
  const profile = useGetProfileQuery();
  const isAdmin = useSelector(selectIsAdmin);

  usePageTitle(t('title.myAccount'));

  const p = profile.data;
  return (
    <section className="page profile-page">
      <h1>{t('profile.title')}</h1>
      {profile.isLoading ? (
        <Spinner />
      ) : !p ? (
        <div className="notice" role="alert">
          <p dir="auto">{failureText(profile.error, t, 'profile.loadFailed')}</p>
          <button type="button" className="button button-primary" onClick={() => void profile.refetch()}>
            {t('users.tryAgain')}
          </button>
        </div>
      ) : (
        <div className="people-card">
          <dl className="facts">
            <div>
              <dt>{t('profile.name')}</dt>
              <dd dir="auto" data-testid="profile-name">
                {p.firstName} {p.lastName}
              </dd>
            </div>
            <div>
              <dt>{t('profile.email')}</dt>
              <dd dir="ltr" data-testid="profile-email">
                {p.email}
              </dd>
            </div>
            <div>
              <dt>{t('profile.phone')}</dt>
              <dd dir="ltr" data-testid="profile-phone">
                {phoneText(p.mobileNumber) || t('profile.none')}
              </dd>
            </div>
            {p.schooleYear ? (
              <div>
                <dt>{t('profile.schoolYear')}</dt>
                <dd>{t(`schoolYear.${p.schooleYear}` as 'schoolYear.First year')}</dd>
              </div>
            ) : null}
          </dl>
          <div className="card-actions">
            <Link className="button button-primary" to="/profile/edit">
              {t('profile.edit')}
            </Link>
            <Link className="button button-ghost" to="/profile/lecPay">
              {t('profile.myLectures')}
            </Link>
          </div>
        </div>
      )}
      {p && <ParentInvite />}
      {p && <MyDevices />}
      {p && dataSaver}
      {p && !isAdmin && <NotificationSettingsCard />}
    </section>
  );
}
