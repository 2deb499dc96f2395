import { confirm } from '@/components/confirm';
import { DeviceList } from '@/components/device-list';
import { toastError, TOAST_MS } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/devices-area';
import { type DeviceRefusal, dayTimeText, deviceName } from '@/lib/devices';
import { useGetContactInfoQuery } from '@/lib/endpoints/get-contact-info';
import { messageOf } from '@/lib/messages';
import { useRemoveDeviceWithTokenMutation } from '../api/remove-device-with-token';
import './device-limit.css';

/**
 * Issue 41: a sign-in refused for one device too many (403 auth.deviceLimit). Says the limit, lists
 * the account's devices (name and last use in the interface's language) and offers to remove one —
 * confirmed, then `onRemoved` signs in again — or, while a removal is not allowed yet, the date it
 * becomes possible; and how to reach the teacher (GET /api/contact-info: the public contact card),
 * who can reset the devices.
 */
export function DeviceLimit({ refusal, onRemoved }: { refusal: DeviceRefusal; onRemoved: () => void }) {
  const t = useT();
  const language = useLanguage();
  const [remove, removal] = useRemoveDeviceWithTokenMutation();
  const contact = useGetContactInfoQuery();
  // The server says when: null is now.
  const canRemove = refusal.nextRemovalAt === null;

  async function onRemove(device: DeviceRefusal['devices'][number]) {
    const name = deviceName(device, t);
    const sure = await confirm({
      title: t('deviceLimit.removeTitle', { name }),
      text: refusal.removalDays ? t('deviceLimit.removeText', { days: refusal.removalDays }) : t('deviceLimit.removeTextNoPeriod'),
      confirmButtonText: t('deviceLimit.removeYes'),
    });
    if (!sure) return;
    const result = await remove({ removalToken: refusal.removalToken, deviceId: device.id });
    if ('error' in result) void toastError(messageOf(result.error, t, 'deviceLimit.removeFailed'), TOAST_MS.error);
    else onRemoved();
  }

  const c = contact.data;
  const reachable = c && (c.chatUrl || c.phone || c.email);
  return (
    <section className="device-limit" role="alert" aria-labelledby="device-limit-title" data-testid="device-limit">
      <h2 id="device-limit-title" dir="auto">
        {t('deviceLimit.title', { limit: refusal.limit })}
      </h2>
      <p dir="auto">{t('deviceLimit.explain', { limit: refusal.limit })}</p>
      {refusal.devices.length > 0 && (
        <>
          <h3>{t('deviceLimit.devices')}</h3>
          <DeviceList
            devices={refusal.devices}
            testId="refused-device"
            action={(d) =>
              canRemove ? (
                <button type="button" className="button button-ghost" disabled={removal.isLoading} onClick={() => void onRemove(d)} aria-label={`${t('deviceLimit.remove')}: ${deviceName(d, t)}`}>
                  {t('deviceLimit.remove')}
                </button>
              ) : null
            }
          />
        </>
      )}
      {refusal.nextRemovalAt && (
        <p className="device-limit-wait" data-testid="removal-date">
          {t('deviceLimit.removeAfter', { date: dayTimeText(refusal.nextRemovalAt, language) })}
        </p>
      )}
      <div className="device-limit-teacher">
        <h3>{t('deviceLimit.askTeacher')}</h3>
        {reachable ? (
          <>
            <p>{t('deviceLimit.askTeacherText')}</p>
            <ul>
              {c.chatUrl && (
                <li>
                  <a className="button button-primary" href={c.chatUrl} target="_blank" rel="noopener noreferrer">
                    {t('deviceLimit.chat')}
                  </a>
                </li>
              )}
              {c.phone && (
                <li>
                  {t('deviceLimit.phone')}:{' '}
                  <a href={`tel:${c.phone.replace(/\s+/g, '')}`} dir="ltr">
                    {c.phone}
                  </a>
                </li>
              )}
              {c.email && (
                <li>
                  {t('deviceLimit.email')}:{' '}
                  <a href={`mailto:${c.email}`} dir="ltr">
                    {c.email}
                  </a>
                </li>
              )}
            </ul>
          </>
        ) : (
          <p>{t('deviceLimit.noContact')}</p>
        )}
      </div>
    </section>
  );
}
