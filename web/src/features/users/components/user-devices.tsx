import { type DataColumn, DataTable } from '@/components/data-table';
import { confirm } from '@/components/confirm';
import { DeviceList } from '@/components/device-list';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/devices-area';
import { deviceName } from '@/lib/devices';
import { messageOf } from '@/lib/messages';
import { type SharingEvent, type SignIn, useListUserDevicesQuery } from '../api/list-user-devices';
import { useResetUserDevicesMutation } from '../api/reset-user-devices';
import { failureText } from '../lib/failure-text';
import { dateTimeText } from '../lib/format';
import { SharingFlag } from './sharing-flag';
import './devices.css';

/**
 * Issue 41 on a student's page: the devices the account is used on, the last 20 sign-ins (time,
 * device, the address's first three octets), the sharing signals (a further device refused, a
 * playing video taken over) with the flag, and "reset devices" (confirmed).
 */
export function UserDevices({ userId }: { userId: string }) {
  const t = useT();
  const language = useLanguage();
  const devices = useListUserDevicesQuery(userId);
  const [reset, resetting] = useResetUserDevicesMutation();

  async function onReset() {
    const sure = await confirm({ title: t('userDevices.resetTitle'), text: t('userDevices.resetText'), confirmButtonText: t('userDevices.resetYes') });
    if (!sure) return;
    const result = await reset(userId);
    if ('error' in result) void toastError(messageOf(result.error, t, 'userDevices.resetFailed'), TOAST_MS.error);
    else void toastSuccess(t('userDevices.resetDone'), TOAST_MS.success);
  }

  const d = devices.data;
  if (devices.isLoading) return <p className="muted">{t('loading')}</p>;
  if (!d)
    return (
      <div className="notice" role="alert">
        <p dir="auto">{failureText(devices.error, t, 'userDevices.loadFailed')}</p>
        <button type="button" className="button button-primary" onClick={() => void devices.refetch()}>
          {t('users.tryAgain')}
        </button>
      </div>
    );

  const signInColumns: DataColumn<SignIn>[] = [
    { header: t('userDevices.colTime'), cell: (s) => <time dateTime={s.at}>{dateTimeText(s.at, language)}</time> },
    { header: t('userDevices.colDevice'), dir: 'auto', cell: (s) => deviceName(s, t) },
    { header: t('userDevices.colAddress'), cell: (s) => <bdi dir="ltr">{s.ip}</bdi> },
  ];
  const eventText = (e: SharingEvent) => (e.name ? t(`userDevices.${e.kind}Named`, { name: e.name }) : t(`userDevices.${e.kind}`));
  const eventColumns: DataColumn<SharingEvent>[] = [
    { header: t('userDevices.colTime'), cell: (e) => <time dateTime={e.at}>{dateTimeText(e.at, language)}</time> },
    { header: t('userDevices.colEvent'), dir: 'auto', cell: eventText },
  ];
  return (
    <div className="user-devices" data-testid="user-devices">
      <div className="user-devices-head">
        {d.flagged && <SharingFlag />}
        <button type="button" className="button button-ghost" disabled={resetting.isLoading || d.devices.length === 0} aria-busy={resetting.isLoading} onClick={() => void onReset()}>
          {t('userDevices.reset')}
        </button>
      </div>
      {d.devices.length === 0 ? <p className="notice">{t('userDevices.none')}</p> : <DeviceList devices={d.devices} testId="user-device" />}
      <h3>{t('userDevices.signIns')}</h3>
      <DataTable columns={signInColumns} rows={d.signIns.slice(0, 20)} rowKey={(s) => `${s.at}-${s.ip}`} rowTestId="sign-in-row" empty={t('userDevices.noSignIns')} />
      <h3>{t('userDevices.events')}</h3>
      <DataTable columns={eventColumns} rows={d.events} rowKey={(e) => `${e.at}-${e.kind}`} rowTestId="sharing-event-row" empty={t('userDevices.noEvents')} />
    </div>
  );
}
