import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginBody } from '@shared/schemas/auth';
import { SubmitButton } from '@/components/button';
import { PasswordField, TextField } from '@/components/fields';
import { toast, toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { type Translate, useT } from '@/i18n/use-t';
import { useZodForm } from '@/lib/forms';
import { type DeviceRefusal, refusalOf } from '@/lib/devices';
import { errorCodeOf, messageOf } from '@/lib/messages';
import { homePathOf, selectHasValidToken, selectUser } from '@/lib/session';
import { isMfaChallenge, useLogInMutation } from '../api/log-in';
import { DeviceLimit } from '../components/device-limit';
import { GoogleButton } from '../components/google-button';
import { GoogleDeviceLimit } from '../components/google-device-limit';
import { MfaCodeStep } from '../components/mfa-code-step';
import { ResendActivation } from '../components/resend-activation';
import { useRetryWait } from '../lib/use-retry-wait';
import { usePageTitle } from '@/lib/page-title';

const ACTIVATION_REASONS = ['expired', 'invalid', 'missing', 'failed'] as const;
function activationReason(reason: string | null, t: Translate): string | undefined {
  const known = ACTIVATION_REASONS.find((r) => r === reason);
  return known ? t(`auth.activation.${known}`) : (reason ?? undefined);
}

export default function LoginRoute() {
  const t = useT();
  const navigate = useNavigate();
  const user = useSelector(selectUser);
  const hasValidToken = useSelector(selectHasValidToken);
  const [search, setSearch] = useSearchParams();
  const [logIn, { isLoading }] = useLogInMutation();
  // Too many failed attempts: the server says how long to wait; the form says it and waits too.
  const wait = useRetryWait();
  // After a password reset the e-mail comes along (navigation state), so only the password is left to type.
  const { state } = useLocation() as { state: { identifier?: string } | null };
  const { register, handleSubmit, formState } = useZodForm(loginBody, { defaultValues: { identifier: state?.identifier ?? '', password: '' } });
  const { errors } = formState;
  // An account with an authenticator app: the password was right, its code comes next.
  const [challenge, setChallenge] = useState<{ identifier: string; session: string } | null>(null);
  // The account is not activated yet (403 auth.notActivated): the identifier it was tried with, to resend the mail.
  const [notActivated, setNotActivated] = useState<string | null>(null);
  // One device too many (403 auth.deviceLimit, issue 41): the panel says why, and a device removed signs in again.
  const [refusal, setRefusal] = useState<DeviceRefusal | null>(null);
  // The same refusal of a Google sign-in: the server's redirect carries its token (read before the query is cleared).
  const [googleRefusal] = useState(() => (search.get('google') === 'failed' && search.get('reason') === 'device_limit' ? search.get('removalToken') : null));

  usePageTitle(t('title.logIn'));

  // Spec 2: once the signed-in user is known, ADMIN → /dashboard, USER → /, replacing history.
  useEffect(() => {
    if (user && hasValidToken) navigate(homePathOf(user.role), { replace: true });
  }, [user, hasValidToken, navigate]);

  // The server's redirects land here: the activation link (?activated=1, or 0 with a reason
  // code) and a failed Google sign-in (?google=failed).
  useEffect(() => {
    const activated = search.get('activated');
    const google = search.get('google');
    if (activated === null && google === null) return;
    if (activated === '1') void toast({ title: t('auth.activated'), icon: 'success', timer: 5000 });
    else if (activated !== null) void toast({ title: t('auth.activationFailed'), text: activationReason(search.get('reason'), t), icon: 'error', timer: 5000 });
    if (google === 'failed' && search.get('reason') !== 'device_limit') void toastError(t('auth.signInFailed'), TOAST_MS.error);
    setSearch({}, { replace: true });
  }, [search, setSearch, t]);

  // Spec 4: the store's auth area follows the call (auth slice); the toasts are spec 8's.
  const onSubmit = handleSubmit(async (body) => {
    const result = await logIn(body);
    setNotActivated('error' in result && errorCodeOf(result.error) === 'auth.notActivated' ? body.identifier : null);
    setRefusal('error' in result ? (refusalOf(result.error) ?? null) : null);
    if ('error' in result && refusalOf(result.error)) return;
    if ('error' in result) {
      wait.start(result.error);
      void toastError(messageOf(result.error, t, 'auth.signInFailed'), TOAST_MS.error);
    } else if (isMfaChallenge(result.data)) setChallenge({ identifier: body.identifier, session: result.data.session });
    else void toastSuccess(t('auth.signedIn'), TOAST_MS.success);
  });

  if (challenge) return <MfaCodeStep {...challenge} onExpired={() => setChallenge(null)} />;

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1 dir="auto">{t('auth.loginTitle')}</h1>
      {refusal && <DeviceLimit refusal={refusal} onRemoved={() => void onSubmit()} />}
      {!refusal && googleRefusal && <GoogleDeviceLimit removalToken={googleRefusal} />}
      <TextField
        id="login-identifier"
        label={t('auth.identifier')}
        dir="ltr"
        autoComplete="username"
        inputMode="email"
        placeholder={t('auth.identifierPlaceholder')}
        error={errors.identifier?.message}
        {...register('identifier')}
      />
      <PasswordField
        id="login-password"
        label={t('auth.password')}
        autoComplete="current-password"
        placeholder={t('auth.passwordPlaceholder')}
        error={errors.password?.message}
        {...register('password')}
      />
      <div className="form-links">
        <Link to="/auth/forgotPassword">{t('auth.forgetPasswordLink')}</Link>
      </div>
      {wait.notice}
      {notActivated !== null && <ResendActivation identifier={notActivated} />}
      <SubmitButton loading={isLoading} disabled={wait.waiting}>
        {t('auth.loginTitle')}
      </SubmitButton>
      <div className="divider" role="separator">
        <span>{t('auth.or')}</span>
      </div>
      <GoogleButton />
      <p className="form-footer">
        <Link to="/auth/registeration">{t('auth.signUpLink')}</Link>
      </p>
    </form>
  );
}
