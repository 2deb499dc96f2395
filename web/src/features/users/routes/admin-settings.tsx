import { useEffect } from 'react';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/users-area';
import '@/i18n/devices-area';
import type { ApiFailure } from '@/lib/api';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { usePageTitle } from '@/lib/page-title';
import { useGetSettingsQuery } from '../api/get-settings';
import { useUpdateSettingsMutation } from '../api/update-settings';
import { failureText } from '../lib/failure-text';
import { type SettingsFormValues, settingsFormSchema } from '../lib/settings-form';
import '../components/users.css';
import '../components/devices.css';

const FIELDS = ['deviceLimit', 'deviceRemovalDays', 'singleSession', 'sharingFlagThreshold'] as const;
const NUMBERS = [
  { name: 'deviceLimit', min: 1, max: 5 },
  { name: 'deviceRemovalDays', min: 1, max: 365 },
  { name: 'sharingFlagThreshold', min: 1, max: 50 },
] as const;

/**
 * /dashboard/settings (issue 41): the teacher's switches in one place — devices per student, the
 * days between a student's removals, one signed-in session at a time, and after how many sharing
 * signals in 7 days a student is flagged. Checked by the shared rules in the user's language.
 */
export default function AdminSettingsRoute() {
  const t = useT();
  const current = useGetSettingsQuery();
  const [update, { isLoading }] = useUpdateSettingsMutation();
  const { register, handleSubmit, reset, setError, formState } = useZodForm(settingsFormSchema, {
    defaultValues: { deviceLimit: '', deviceRemovalDays: '', singleSession: false, sharingFlagThreshold: '' } as unknown as SettingsFormValues,
  });
  const { errors } = formState;
  usePageTitle(t('settings.title'));

  // The stored settings fill the form once they come (and again after a save).
  useEffect(() => {
    if (current.data) reset(current.data);
  }, [current.data, reset]);

  const onSubmit = handleSubmit(async (body) => {
    const result = await update(body);
    if (!('error' in result)) return void toastSuccess(t('settings.saved'), TOAST_MS.success);
    if ((result.error as ApiFailure).handled) return;
    if (!setServerErrors(result.error, setError, t, { fields: FIELDS })) void toastError(messageOf(result.error, t, 'settings.saveFailed'), TOAST_MS.error);
  });

  return (
    <section className="page admin-settings-page">
      <div className="page-head">
        <h1>{t('settings.title')}</h1>
      </div>
      {current.isLoading ? (
        <Spinner />
      ) : !current.data ? (
        <div className="notice" role="alert">
          <p dir="auto">{failureText(current.error, t, 'settings.loadFailed')}</p>
          <button type="button" className="button button-primary" onClick={() => void current.refetch()}>
            {t('users.tryAgain')}
          </button>
        </div>
      ) : (
        <form className="people-card settings-form" onSubmit={onSubmit} noValidate>
          <fieldset>
            <legend>{t('settings.devices')}</legend>
            {NUMBERS.map(({ name, min, max }) => (
              <TextField
                key={name}
                id={`settings-${name}`}
                type="number"
                inputMode="numeric"
                dir="ltr"
                min={min}
                max={max}
                label={t(`field.${name}`)}
                descriptiveText={t(`settings.${name}Hint`)}
                error={errors[name]?.message}
                {...register(name)}
              />
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('settings.sessions')}</legend>
            <label className="settings-switch">
              <input type="checkbox" {...register('singleSession')} />
              <span>
                <strong>{t('field.singleSession')}</strong>
                <span className="field-hint">{t('settings.singleSessionHint')}</span>
              </span>
            </label>
          </fieldset>
          <SubmitButton loading={isLoading} className="settings-save">
            {t('settings.save')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}
