import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { resetPasswordBody } from '@shared/schemas/auth';
import { passwordRulesHold } from '@shared/schemas/common';
import { SubmitButton } from '@/components/button';
import { PasswordField } from '@/components/fields';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { registerPasswordPair, setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useResetPasswordMutation } from '../api/reset-password';
import { PasswordRules } from '../components/password-rules';
import { endResetFlow, readResetCode, readResetEmail } from '../lib/reset-flow';
import { useRetryWait } from '../lib/use-retry-wait';
import { usePageTitle } from '@/lib/page-title';

export default function ResetRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [email] = useState(readResetEmail);
  const [code] = useState(readResetCode);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const wait = useRetryWait();
  const form = useZodForm(resetPasswordBody, {
    defaultValues: { email: email ?? '', code: code ?? '', password: '', confirm: '' },
  });
  const { handleSubmit, watch, setError, formState } = form;
  const { errors } = formState;
  const password = watch('password');
  const pair = registerPasswordPair(form, 'password', 'confirm');

  usePageTitle(t('title.resetPassword'));

  if (!email) return <Navigate to="/auth/forgotPassword" replace />;
  if (!code) return <Navigate to="/auth/verification" replace />;

  const onSubmit = handleSubmit(async (body) => {
    const result = await resetPassword(body);
    if ('error' in result) {
      wait.start(result.error);
      setServerErrors(result.error, setError, t, { fields: ['password', 'confirm', 'code', 'email'] });
      return void toastError(messageOf(result.error, t, 'auth.resetFailed'), TOAST_MS.error);
    }
    endResetFlow();
    void toastSuccess(t('auth.passwordReset'), TOAST_MS.success);
    // The success screen forwards to log in, where the e-mail is already filled in.
    navigate('/auth/success', { replace: true, state: { identifier: body.email } });
  });

  // The e-mail and code are not fields on this screen: their problems show above the button.
  const stepError = errors.code?.message ?? errors.email?.message;
  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('auth.resetTitle')}</h1>
      <PasswordField label={t('auth.newPassword')} autoComplete="new-password" error={errors.password?.message} {...pair.password} />
      <PasswordRules password={password} />
      <PasswordField label={t('auth.confirm')} autoComplete="new-password" error={errors.confirm?.message} {...pair.confirm} />
      {stepError && (
        <p className="field-error" role="alert" dir="auto">
          {stepError}
        </p>
      )}
      {wait.notice}
      <SubmitButton loading={isLoading} disabled={!passwordRulesHold(password) || wait.waiting}>
        {t('auth.resetSubmit')}
      </SubmitButton>
      <p className="form-footer">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}
