import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast, toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { selectAuthStatus, selectHasValidToken, selectUser } from '@/lib/session';
import { useAppDispatch } from '@/stores/hooks';
import { loginUser } from '../api/login';
import { GoogleButton } from '../components/google-button';
import { PasswordInput } from '../components/password-input';
import { SubmitButton } from '../components/submit-button';
import { AUTH_TEXTS } from '../texts';

const ACTIVATION_REASONS = ['expired', 'invalid', 'missing', 'failed'] as const;
function activationReason(reason: string | null, t: ReturnType<typeof useT>): string | undefined {
  const known = ACTIVATION_REASONS.find((r) => r === reason);
  return known ? t(`auth.activation.${known}`) : (reason ?? undefined);
}

export default function LoginRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const user = useSelector(selectUser);
  const hasValidToken = useSelector(selectHasValidToken);
  const status = useSelector(selectAuthStatus);
  const [search, setSearch] = useSearchParams();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = 'Bioscope | Log in';
  }, []);

  // Spec 2: once the signed-in user is known, ADMIN → /dashboard, USER → /, replacing history.
  useEffect(() => {
    if (user && hasValidToken) navigate(user.role === 'ADMIN' ? '/dashboard' : '/', { replace: true });
  }, [user, hasValidToken, navigate]);

  // The server's redirects land here: the activation link (?activated=1, or 0 with a reason
  // code) and a failed Google sign-in (?google=failed).
  useEffect(() => {
    const activated = search.get('activated');
    const google = search.get('google');
    if (activated === null && google === null) return;
    if (activated === '1') void toast({ title: t('auth.activated'), icon: 'success', timer: 5000 });
    else if (activated !== null) void toast({ title: t('auth.activationFailed'), text: activationReason(search.get('reason'), t), icon: 'error', timer: 5000 });
    if (google === 'failed') void toastError(AUTH_TEXTS.signInFailed, TOAST_MS.error);
    setSearch({}, { replace: true });
  }, [search, setSearch, t]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setSubmitting(true);
    const result = await dispatch(loginUser({ identifier: identifier.trim(), password }));
    setSubmitting(false);
    if (loginUser.fulfilled.match(result)) void toastSuccess(AUTH_TEXTS.signedIn, TOAST_MS.success);
    else void toastError(errorMessage(result.payload, AUTH_TEXTS.signInFailed), TOAST_MS.error);
  }

  const loading = submitting || status === 'loading';
  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{AUTH_TEXTS.loginTitle}</h1>
      <div className="field">
        <label htmlFor="login-identifier">{t('auth.identifier')}</label>
        <input
          id="login-identifier"
          name="identifier"
          dir="ltr"
          autoComplete="username"
          inputMode="email"
          placeholder={AUTH_TEXTS.identifierPlaceholder}
          value={identifier}
          onChange={(e) => setIdentifier(e.target.value)}
        />
      </div>
      <PasswordInput
        id="login-password"
        name="password"
        label={t('auth.password')}
        autoComplete="current-password"
        placeholder={AUTH_TEXTS.passwordPlaceholder}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="form-links">
        <Link to="/auth/forgotPassword">{AUTH_TEXTS.forgetPasswordLink}</Link>
      </div>
      <SubmitButton loading={loading}>{AUTH_TEXTS.loginTitle}</SubmitButton>
      <div className="divider" role="separator">
        <span>{t('auth.or')}</span>
      </div>
      <GoogleButton />
      <p className="form-footer">
        <Link to="/auth/registeration">{AUTH_TEXTS.signUpLink}</Link>
      </p>
    </form>
  );
}
