import { useState } from 'react';
import { confirm } from '@/components/confirm';
import { DeviceList } from '@/components/device-list';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/devices-area';
import { dayTimeText, type Device, deviceName } from '@/lib/devices';
import { errorBodyOf, errorCodeOf, messageOf } from '@/lib/messages';
import { useThisDevice } from '@/lib/use-this-device';
import { useRemoveMyDeviceMutation } from '../api/remove-my-device';
import { useListMyDevicesQuery } from '../api/list-my-devices';
import { failureText } from '../lib/failure-text';

/**
 * Issue 41, on /profile: the devices my account is used on ("this device" marked), the teacher's
 * limit, and removing another one (confirmed) at most once per the teacher's period — while the
 * period runs, the date a removal becomes possible (also what a 429 devices.removalTooSoon says).
 */
export function MyDevices() {
  const t = useT();
  const language = useLanguage();
  const list = useListMyDevicesQuery();
  const [remove, removal] = useRemoveMyDeviceMutation();
  const thisDevice = useThisDevice();
  // A 429's date, until the list (refetched) says it.
  const [refusedUntil, setRefusedUntil] = useState<string>();

  const d = list.data;
  async function onRemove(device: Device) {
    if (!d) return;
    const name = deviceName(device, t);
    const sure = await confirm({ title: t('myDevices.removeTitle', { name }), text: t('myDevices.removeText', { days: d.removalDays }), confirmButtonText: t('myDevices.removeYes') });
    if (!sure) return;
    const result = await remove(device.id);
    if (!('error' in result)) return void toastSuccess(t('myDevices.removed'), TOAST_MS.success);
    const next = errorBodyOf(result.error)?.nextRemovalAt;
    if (errorCodeOf(result.error) === 'devices.removalTooSoon' && typeof next === 'string') setRefusedUntil(next);
    else void toastError(messageOf(result.error, t, 'deviceLimit.removeFailed'), TOAST_MS.error);
  }

  const next = d?.nextRemovalAt ?? refusedUntil;
  return (
    <section className="people-card my-devices" aria-labelledby="my-devices-title" data-testid="my-devices">
      <h2 id="my-devices-title">{t('myDevices.title')}</h2>
      {list.isLoading ? (
        <p className="muted" aria-busy="true">
          {t('loading')}
        </p>
      ) : !d ? (
        <div className="notice" role="alert">
          <p dir="auto">{failureText(list.error, t, 'myDevices.loadFailed')}</p>
          <button type="button" className="button button-primary" onClick={() => void list.refetch()}>
            {t('users.tryAgain')}
          </button>
        </div>
      ) : (
        <>
          <p className="muted">{t('myDevices.explain', { limit: d.limit, days: d.removalDays })}</p>
          {d.devices.length === 0 ? (
            <p className="notice">{t('myDevices.none')}</p>
          ) : (
            <DeviceList
              devices={d.devices}
              thisDevice={thisDevice}
              action={(device) =>
                device.id === thisDevice || next ? null : (
                  <button type="button" className="button button-ghost" disabled={removal.isLoading} onClick={() => void onRemove(device)} aria-label={t('myDevices.removeNamed', { name: deviceName(device, t) })}>
                    {t('myDevices.remove')}
                  </button>
                )
              }
            />
          )}
          {next && (
            <p role="status" data-testid="next-removal">
              {t(refusedUntil && !d.nextRemovalAt ? 'myDevices.tooSoon' : 'myDevices.nextRemoval', { date: dayTimeText(next, language) })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
