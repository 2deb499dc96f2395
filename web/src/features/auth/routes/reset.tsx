import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { selectAuthStatus } from '@/lib/session';
import { useAppDispatch } from '@/stores/hooks';
import { resetPasswordBody } from '@shared/schemas/auth';
import { resetUserPassword } from '../api/reset-password';
import { PasswordInput } from '../components/password-input';
import { PasswordRules, passwordRulesHold } from '../components/password-rules';
import { SubmitButton } from '../components/submit-button';
import { fieldErrors, type FieldErrors } from '../lib/field-errors';
import { endResetFlow, readResetCode, readResetEmail } from '../lib/reset-flow';
import { AUTH_TEXTS } from '../texts';

export default function ResetRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useSelector(selectAuthStatus);
  const [email] = useState(readResetEmail);
  const [code] = useState(readResetCode);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = 'Bioscope | Reset password';
  }, []);

  if (!email) return <Navigate to="/auth/forgotPassword" replace />;
  if (!code) return <Navigate to="/auth/verification" replace />;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = resetPasswordBody.safeParse({ email, code, password, confirm });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      return;
    }
    setSubmitting(true);
    const result = await dispatch(resetUserPassword(parsed.data));
    setSubmitting(false);
    if (resetUserPassword.fulfilled.match(result)) {
      endResetFlow();
      void toastSuccess(AUTH_TEXTS.passwordReset, TOAST_MS.success);
      navigate('/auth/success', { replace: true });
    } else void toastError(errorMessage(result.payload, AUTH_TEXTS.resetFailed), TOAST_MS.error);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('auth.resetTitle')}</h1>
      <PasswordInput
        label={t('auth.newPassword')}
        name="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => {
          setPassword(e.target.value);
          setErrors({});
        }}
      />
      <PasswordRules password={password} />
      <PasswordInput
        label={t('auth.confirm')}
        name="confirm"
        autoComplete="new-password"
        value={confirm}
        onChange={(e) => {
          setConfirm(e.target.value);
          setErrors({});
        }}
      />
      {(errors.confirm ?? errors.password ?? errors.code ?? errors.email) && (
        <p className="field-error" role="alert">
          {errors.confirm ?? errors.password ?? errors.code ?? errors.email}
        </p>
      )}
      <SubmitButton loading={submitting || status === 'loading'} disabled={!passwordRulesHold(password)}>
        {t('auth.resetSubmit')}
      </SubmitButton>
    </form>
  );
}
