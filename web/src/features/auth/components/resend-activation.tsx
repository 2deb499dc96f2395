import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { TextField } from '@/components/fields';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useSendActivationMailMutation } from '../api/send-activation-mail';
import './resend-activation.css';

const looksLikeEmail = (s: string) => /^[^\s@]+@[^\s@]+$/.test(s.trim());

/**
 * Under the login form once the server said the account is not activated yet: mails a new
 * activation link. Signed in by phone, the student types the account's e-mail here.
 */
export function ResendActivation({ identifier }: { identifier: string }) {
  const t = useT();
  const [email, setEmail] = useState(looksLikeEmail(identifier) ? identifier.trim() : '');
  const [resend, { isLoading }] = useSendActivationMailMutation();
  const askEmail = !looksLikeEmail(identifier);
  const onClick = async () => {
    const result = await resend({ email: email.trim() });
    if ('error' in result) void toastError(messageOf(result.error, t, 'auth.resendActivationFailed'), TOAST_MS.error);
    else void toastSuccess(t('auth.activationResent'), 5000);
  };
  return (
    <div className="resend-activation" role="group" aria-label={t('auth.resendActivation')}>
      <p>{t('auth.notActivatedHint')}</p>
      {askEmail && <TextField label={t('auth.email')} type="email" dir="ltr" autoComplete="email" inputMode="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      <Button type="button" variation="link" isLoading={isLoading} isDisabled={!looksLikeEmail(email)} onClick={() => void onClick()}>
        {t('auth.resendActivation')}
      </Button>
    </div>
  );
}
