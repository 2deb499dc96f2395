import { useState } from 'react';
import { finishMfaSetupBody, startMfaSetupBody } from '@shared/schemas/auth';
import { SubmitButton } from '@/components/button';
import { PasswordField, TextField } from '@/components/fields';
import { Spinner } from '@/components/spinner';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/users-area';
import type { ApiFailure } from '@/lib/api';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useFinishMfaSetupMutation } from '../api/finish-mfa-setup';
import { useGetMfaStatusQuery } from '../api/get-mfa-status';
import { useStartMfaSetupMutation } from '../api/start-mfa-setup';
import '../components/users.css';
import { usePageTitle } from '@/lib/page-title';

/**
 * /dashboard/security: the admin's two-step sign-in (docs/admin-mfa.md). Off: the password (asked
 * again) gives the authenticator's key, as text and as an otpauth:// link a phone opens in its app;
 * the app's first code turns it on. On: it says so, and how the operator turns it off.
 */
export default function AdminSecurityRoute() {
  const t = useT();
  const status = useGetMfaStatusQuery();
  const [setup, setSetup] = useState<{ password: string; secret: string; uri: string } | null>(null);

  usePageTitle(t('title.security'));

  return (
    <section className="page admin-security-page">
      <div className="page-head">
        <h1>{t('mfa.title')}</h1>
      </div>
      {status.isLoading ? (
        <Spinner />
      ) : status.data?.enabled ? (
        <div className="people-card">
          <p className="mfa-state mfa-on">{t('mfa.on')}</p>
        </div>
      ) : setup ? (
        <KeyAndCode {...setup} />
      ) : (
        <PasswordStep onStarted={setSetup} />
      )}
      <p className="field-hint mfa-recovery">{t('mfa.recovery')}</p>
    </section>
  );
}

function PasswordStep({ onStarted }: { onStarted: (s: { password: string; secret: string; uri: string }) => void }) {
  const t = useT();
  const [start, { isLoading }] = useStartMfaSetupMutation();
  const { register, handleSubmit, setError, formState } = useZodForm(startMfaSetupBody, { defaultValues: { password: '' } });
  const onSubmit = handleSubmit(async (body) => {
    const result = await start(body);
    if ('error' in result) {
      if ((result.error as ApiFailure).handled) return;
      if (!setServerErrors(result.error, setError, t, { fields: ['password'], codeFields: { 'profile.wrongPassword': 'password' } })) {
        void toastError(messageOf(result.error, t, 'mfa.failed'));
      }
      return;
    }
    onStarted({ password: body.password, ...result.data });
  });
  return (
    <form className="people-card" onSubmit={onSubmit} noValidate>
      <p className="mfa-state">{t('mfa.off')}</p>
      <p className="field-hint">{t('mfa.passwordHint')}</p>
      <PasswordField label={t('mfa.password')} autoComplete="current-password" error={formState.errors.password?.message} {...register('password')} />
      <SubmitButton loading={isLoading}>{t('mfa.start')}</SubmitButton>
    </form>
  );
}

function KeyAndCode({ password, secret, uri }: { password: string; secret: string; uri: string }) {
  const t = useT();
  const [finish, { isLoading }] = useFinishMfaSetupMutation();
  const { register, handleSubmit, setError, formState } = useZodForm(finishMfaSetupBody, { defaultValues: { password, code: '' } });
  const onSubmit = handleSubmit(async (body) => {
    const result = await finish(body);
    if ('error' in result) {
      if ((result.error as ApiFailure).handled) return;
      if (!setServerErrors(result.error, setError, t, { fields: ['code'], codeFields: { 'auth.mfaCode': 'code' } })) {
        void toastError(messageOf(result.error, t, 'mfa.failed'));
      }
      return;
    }
    void toastSuccess(t('mfa.done'));
  });
  return (
    <form className="people-card mfa-setup" onSubmit={onSubmit} noValidate>
      <h2>{t('mfa.keyStep')}</h2>
      <dl className="facts">
        <div>
          <dt>{t('mfa.secret')}</dt>
          <dd dir="ltr">
            <code className="mfa-secret" data-testid="mfa-secret">
              {secret.replace(/(.{4})/g, '$1 ').trim()}
            </code>
          </dd>
        </div>
        <div>
          <dt>{t('mfa.uri')}</dt>
          <dd dir="ltr">
            <a href={uri}>{t('mfa.openApp')}</a>
            <code className="mfa-uri" data-testid="mfa-uri">
              {uri}
            </code>
          </dd>
        </div>
      </dl>
      <h2>{t('mfa.codeStep')}</h2>
      <TextField
        label={t('mfa.code')}
        dir="ltr"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={formState.errors.code?.message}
        {...register('code')}
      />
      <SubmitButton loading={isLoading}>{t('mfa.finish')}</SubmitButton>
    </form>
  );
}
