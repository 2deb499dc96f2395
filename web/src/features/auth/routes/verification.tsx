import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { RESET_CODE_LENGTH } from '@shared/constants';
import { verifyResetCodeBody } from '@shared/schemas/auth';
import { SubmitButton } from '@/components/button';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { useForgetPasswordMutation } from '../api/forget-password';
import { useVerifyResetCodeMutation } from '../api/verify-reset-code';
import { CodeBoxes } from '../components/code-boxes';
import { readResetEmail, saveResetCode } from '../lib/reset-flow';
import { useCountdown } from '../lib/use-countdown';
import { useRetryWait } from '../lib/use-retry-wait';
import { usePageTitle } from '@/lib/page-title';

/** A new code may be asked for this long after the last one was sent. */
export const RESEND_WAIT_S = 30;

export default function VerificationRoute() {
  const t = useT();
  const navigate = useNavigate();
  const [email] = useState(readResetEmail);
  // The six boxes are screen state (a box may be empty mid-way); the form holds the joined code.
  const [digits, setDigits] = useState<string[]>(() => Array<string>(RESET_CODE_LENGTH).fill(''));
  const [verifyResetCode, { isLoading }] = useVerifyResetCodeMutation();
  const [forgetPassword, { isLoading: resending }] = useForgetPasswordMutation();
  const wait = useCountdown(RESEND_WAIT_S);
  // Too many codes or wrong codes for this e-mail: the server says how long to wait.
  const capped = useRetryWait();
  const { handleSubmit, setValue } = useZodForm(verifyResetCodeBody, { defaultValues: { email: email ?? '', code: '' } });

  usePageTitle(t('title.verification'));

  if (!email) return <Navigate to="/auth/forgotPassword" replace />;

  const code = digits.join('');
  const complete = /^\d+$/.test(code) && code.length === RESET_CODE_LENGTH;

  const onDigits = (next: string[]) => {
    setDigits(next);
    setValue('code', next.join(''));
  };

  // The code did not come (or has expired): the same request as the forgot screen's, then wait again.
  const resend = async () => {
    const result = await forgetPassword({ email });
    if ('error' in result) {
      capped.start(result.error);
      return void toastError(messageOf(result.error, t, 'auth.forgotFailed'), TOAST_MS.error);
    }
    onDigits(Array<string>(RESET_CODE_LENGTH).fill(''));
    wait.restart();
    void toastSuccess(t('auth.codeSent'), TOAST_MS.success);
  };

  const onSubmit = handleSubmit(async (body) => {
    const result = await verifyResetCode(body);
    if ('error' in result) {
      capped.start(result.error);
      return void toastError(messageOf(result.error, t, 'auth.verifyFailed'), TOAST_MS.error);
    }
    saveResetCode(body.code);
    void toastSuccess(t('auth.verified'), TOAST_MS.success);
    navigate('/auth/reset');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('auth.verifyTitle')}</h1>
      <p className="muted">
        {t('auth.verifyHint')}{' '}
        <bdi dir="ltr" className="email-hint">
          {email}
        </bdi>
      </p>
      <p className="change-email">
        <Link to="/auth/forgotPassword">{t('auth.changeEmail')}</Link>
      </p>
      <CodeBoxes value={digits} onChange={onDigits} />
      {capped.notice}
      <SubmitButton loading={isLoading} disabled={!complete || capped.waiting}>
        {t('auth.verify')}
      </SubmitButton>
      <p className="form-footer">
        <button type="button" className="link-button resend-button" disabled={wait.left > 0 || resending || capped.waiting} onClick={() => void resend()}>
          {wait.left > 0 ? t('auth.resendIn', { s: wait.left }) : t('auth.resendCode')}
        </button>
      </p>
      <p className="form-footer">
        <Link to="/auth/login">{t('auth.backToLogin')}</Link>
      </p>
    </form>
  );
}
