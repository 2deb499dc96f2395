import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/notifications-area';
import { messageOf } from '@/lib/messages';
import { type NotificationSettings, useGetNotificationSettingsQuery } from '../api/get-notification-settings';
import { useUpdateNotificationSettingsMutation } from '../api/update-notification-settings';

/** On /profile: which channels tell the student beside the bell (e-mail on, WhatsApp off until they turn it on). */
export function NotificationSettingsCard() {
  const t = useT();
  const settings = useGetNotificationSettingsQuery();
  const [update, saving] = useUpdateNotificationSettingsMutation();

  async function change(field: keyof NotificationSettings, on: boolean) {
    const result = await update({ [field]: on });
    if ('error' in result) void toastError(messageOf(result.error, t, 'notifications.saveFailed'), TOAST_MS.error);
    else void toastSuccess(t('notifications.saved'), TOAST_MS.success);
  }

  const s = settings.data;
  return (
    <section className="people-card notification-settings" aria-labelledby="notification-settings-title" data-testid="notification-settings">
      <h2 id="notification-settings-title">{t('notifications.settingsTitle')}</h2>
      <p className="muted">{t('notifications.settingsHint')}</p>
      {!s ? (
        <p className="muted" aria-busy={settings.isLoading}>
          {settings.isError ? t('notifications.loadFailed') : t('loading')}
        </p>
      ) : (
        <div>
          <label className="check">
            <input type="checkbox" checked={s.email} disabled={saving.isLoading} onChange={(e) => void change('email', e.target.checked)} />
            {t('notifications.email')}
          </label>
          <label className="check">
            <input type="checkbox" checked={s.whatsapp} disabled={saving.isLoading} onChange={(e) => void change('whatsapp', e.target.checked)} />
            {t('notifications.whatsapp')}
          </label>
        </div>
      )}
    </section>
  );
}
