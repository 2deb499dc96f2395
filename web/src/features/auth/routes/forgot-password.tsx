import { Link, useNavigate } from 'react-router';
import { forgetPasswordBody } from '@shared/schemas/auth';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastError, toastSuccess, toastWarning, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useForgetPasswordMutation } from '../api/forget-password';
import { readResetEmail, saveResetEmail } from '../lib/reset-flow';
import { useRetryWait } from '../lib/use-retry-wait';
import { usePageTitle } from '@/lib/page-title';

export default function ForgotPasswordRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [forgetPassword, { isLoading }] = useForgetPasswordMutation();
  const wait = useRetryWait();
  const { register, handleSubmit } = useZodForm(forgetPasswordBody, { defaultValues: { email: readResetEmail() ?? '' } });

  usePageTitle(t('title.forgotPassword'));

  // Spec 5: a malformed e-mail is a warning toast, not a field message.
  const onSubmit = handleSubmit(
    async (body) => {
      const result = await forgetPassword(body);
      if ('error' in result) {
        wait.start(result.error);
        return void toastError(messageOf(result.error, t, 'auth.forgotFailed'), TOAST_MS.error);
      }
      saveResetEmail(body.email);
      void toastSuccess(t('auth.codeSent'), TOAST_MS.success);
      navigate('/auth/verification');
    },
    () => void toastWarning(t('auth.invalidEmailTitle'), t('auth.invalidEmailText')),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('auth.forgotTitle')}</h1>
      <p className="muted">{t('auth.forgotHint')}</p>
      <TextField label={t('auth.email')} type="email" dir="ltr" autoComplete="email" inputMode="email" {...register('email')} />
      {wait.notice}
      <SubmitButton loading={isLoading} disabled={wait.waiting}>
        {t('auth.sendCode')}
      </SubmitButton>
      <p className="form-footer">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}
