import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router';
import { toastError, toastSuccess, toastWarning, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { selectAuthStatus } from '@/lib/session';
import { useAppDispatch } from '@/stores/hooks';
import { forgetPasswordBody } from '@shared/schemas/auth';
import { forgotPassword } from '../api/forget-password';
import { SubmitButton } from '../components/submit-button';
import { TextField } from '../components/text-field';
import { readResetEmail, saveResetEmail } from '../lib/reset-flow';
import { AUTH_TEXTS } from '../texts';

export default function ForgotPasswordRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useSelector(selectAuthStatus);
  const [email, setEmail] = useState(() => readResetEmail() ?? '');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = 'Bioscope | Forgot password';
  }, []);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = forgetPasswordBody.safeParse({ email });
    if (!parsed.success) {
      void toastWarning(AUTH_TEXTS.invalidEmailTitle, AUTH_TEXTS.invalidEmailText);
      return;
    }
    setSubmitting(true);
    const result = await dispatch(forgotPassword(parsed.data));
    setSubmitting(false);
    if (forgotPassword.fulfilled.match(result)) {
      saveResetEmail(parsed.data.email);
      void toastSuccess(AUTH_TEXTS.codeSent, TOAST_MS.success);
      navigate('/auth/verification');
    } else void toastError(errorMessage(result.payload, AUTH_TEXTS.forgotFailed), TOAST_MS.error);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('auth.forgotTitle')}</h1>
      <p className="muted">{t('auth.forgotHint')}</p>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        dir="ltr"
        autoComplete="email"
        inputMode="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <SubmitButton loading={submitting || status === 'loading'}>{t('auth.sendCode')}</SubmitButton>
    </form>
  );
}
