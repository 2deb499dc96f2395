import { useState } from 'react';
import { ToggleSwitch } from '@/components/toggle-switch';
import { useT } from '@/i18n/use-t';
import type { ParentSettings } from '@/lib/parent-routes';
import { useGetParentSettingsQuery } from '../api/get-parent-settings';
import { useUpdateParentSettingsMutation } from '../api/update-parent-settings';

const SWITCHES = [
  ['reportEmail', 'parentSettings.email'],
  ['reportWhatsApp', 'parentSettings.whatsApp'],
] as const;

/** The weekly report's channels, each one tap; a switch shows what the server stored (a failed save leaves it as it was, and says so). */
export function ReportSwitches() {
  const t = useT();
  const settings = useGetParentSettingsQuery();
  const [update, { isLoading, originalArgs }] = useUpdateParentSettingsMutation();
  const [failed, setFailed] = useState(false);
  const s = settings.data;

  async function change(key: keyof ParentSettings, next: boolean) {
    setFailed(false);
    const result = await update({ [key]: next });
    if (result.error) setFailed(true);
  }

  return (
    <section className="parent-panel" aria-labelledby="report-switches-title">
      <h2 id="report-switches-title">{t('parentSettings.title')}</h2>
      <p className="muted">{t('parentSettings.hint')}</p>
      {s && (
        <div className="report-switches">
          {SWITCHES.map(([key, label]) => (
            <ToggleSwitch key={key} label={t(label)} checked={s[key]} busy={isLoading && originalArgs?.[key] !== undefined} onChange={(next) => void change(key, next)} />
          ))}
        </div>
      )}
      {failed && (
        <p className="field-error" role="alert">
          {t('parentSettings.failed')}
        </p>
      )}
    </section>
  );
}
