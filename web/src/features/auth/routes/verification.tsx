import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Navigate, useNavigate } from 'react-router';
import { RESET_CODE_LENGTH } from '@shared/constants';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { selectAuthStatus } from '@/lib/session';
import { useAppDispatch } from '@/stores/hooks';
import { verifyCode } from '../api/verify-reset-code';
import { CodeBoxes } from '../components/code-boxes';
import { SubmitButton } from '../components/submit-button';
import { readResetEmail, saveResetCode } from '../lib/reset-flow';
import { AUTH_TEXTS } from '../texts';

export default function VerificationRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useSelector(selectAuthStatus);
  const [email] = useState(readResetEmail);
  const [digits, setDigits] = useState<string[]>(() => Array<string>(RESET_CODE_LENGTH).fill(''));
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = 'Bioscope | Verification';
  }, []);

  if (!email) return <Navigate to="/auth/forgotPassword" replace />;

  const code = digits.join('');
  const complete = /^\d+$/.test(code) && code.length === RESET_CODE_LENGTH;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!complete || !email) return;
    setSubmitting(true);
    const result = await dispatch(verifyCode({ email, code }));
    setSubmitting(false);
    if (verifyCode.fulfilled.match(result)) {
      saveResetCode(code);
      void toastSuccess(AUTH_TEXTS.verified, TOAST_MS.success);
      navigate('/auth/reset');
    } else void toastError(errorMessage(result.payload, AUTH_TEXTS.verifyFailed), TOAST_MS.error);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('auth.verifyTitle')}</h1>
      <p className="muted">
        {t('auth.verifyHint')}{' '}
        <bdi dir="ltr" className="email-hint">
          {email}
        </bdi>
      </p>
      <CodeBoxes value={digits} onChange={setDigits} />
      <SubmitButton loading={submitting || status === 'loading'} disabled={!complete}>
        {t('auth.verify')}
      </SubmitButton>
    </form>
  );
}
