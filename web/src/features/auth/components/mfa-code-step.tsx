import { useEffect } from 'react';
import { finishMfaSignInBody } from '@shared/schemas/auth';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { errorBodyOf, messageOf } from '@/lib/messages';
import { useFinishMfaSignInMutation } from '../api/finish-mfa-sign-in';
import { useRetryWait } from '../lib/use-retry-wait';

/**
 * The log-in's second step for an account with an authenticator app (an admin's): the app's
 * 6-digit code for the challenge the password got. A wrong code stays here (on the field); a
 * sign-in that has run out (3 minutes) goes back to the password.
 */
export function MfaCodeStep({ identifier, session, onExpired }: { identifier: string; session: string; onExpired: () => void }) {
  const t = useT();
  const [finish, { isLoading }] = useFinishMfaSignInMutation();
  const wait = useRetryWait();
  const { register, handleSubmit, setError, setFocus, formState } = useZodForm(finishMfaSignInBody, { defaultValues: { identifier, session, code: '' } });

  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async (body) => {
    const result = await finish(body);
    if (!('error' in result)) return void toastSuccess(t('auth.signedIn'), TOAST_MS.success);
    wait.start(result.error);
    if (errorBodyOf(result.error)?.code === 'auth.mfaSessionExpired') {
      void toastError(messageOf(result.error, t, 'auth.signInFailed'), TOAST_MS.error);
      return onExpired();
    }
    if (!setServerErrors(result.error, setError, t, { fields: ['code'], codeFields: { 'auth.mfaCode': 'code' } })) {
      void toastError(messageOf(result.error, t, 'auth.signInFailed'), TOAST_MS.error);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('auth.mfaTitle')}</h1>
      <p className="muted">{t('auth.mfaHint')}</p>
      <TextField
        id="login-mfa-code"
        label={t('auth.mfaCode')}
        dir="ltr"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder="000000"
        error={formState.errors.code?.message}
        {...register('code')}
      />
      {wait.notice}
      <SubmitButton loading={isLoading} disabled={wait.waiting}>
        {t('auth.mfaVerify')}
      </SubmitButton>
      <p className="form-footer">
        <button type="button" className="link-button" onClick={onExpired}>
          {t('auth.mfaBack')}
        </button>
      </p>
      <p className="field-hint">{t('auth.mfaLost')}</p>
    </form>
  );
}
