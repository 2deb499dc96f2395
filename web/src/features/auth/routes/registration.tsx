import { useEffect, useState, type FormEvent } from 'react';
import { useSelector } from 'react-redux';
import { Link, useNavigate } from 'react-router';
import { SCHOOL_YEARS } from '@shared/constants';
import { egyptMobile } from '@shared/schemas/common';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { errorMessage } from '@/lib/api-client';
import { selectAuthStatus } from '@/lib/session';
import { useAppDispatch } from '@/stores/hooks';
import { signupBody } from '@shared/schemas/auth';
import { registerUser, type SignUpInput } from '../api/sign-up';
import { EgyptMobileInput } from '../components/egypt-mobile-input';
import { PasswordInput } from '../components/password-input';
import { PasswordRules, passwordRulesHold } from '../components/password-rules';
import { SubmitButton } from '../components/submit-button';
import { TextField } from '../components/text-field';
import { fieldErrors, type FieldErrors } from '../lib/field-errors';
import { AUTH_TEXTS } from '../texts';

const EMPTY: SignUpInput = { firstName: '', lastName: '', email: '', password: '', confirm: '', mobileNumber: '', schooleYear: '' as SignUpInput['schooleYear'] };

export default function RegistrationRoute() {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const status = useSelector(selectAuthStatus);
  const [form, setForm] = useState<SignUpInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [mobileTouched, setMobileTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    document.title = 'Bioscope | Sign Up';
  }, []);

  const set = (key: keyof SignUpInput) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [key]: e.target.value }));
    setErrors(({ [key]: _drop, ...rest }) => rest);
  };

  const liveMobile = mobileTouched && form.mobileNumber ? egyptMobile.safeParse(form.mobileNumber) : undefined;
  const mobileError = errors.mobileNumber ?? (liveMobile && !liveMobile.success ? liveMobile.error.issues[0]?.message : undefined);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const parsed = signupBody.safeParse(form);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error.issues));
      setMobileTouched(true);
      return;
    }
    setSubmitting(true);
    const result = await dispatch(registerUser(parsed.data));
    setSubmitting(false);
    if (registerUser.fulfilled.match(result)) {
      void toastSuccess(AUTH_TEXTS.signedUp, 5000);
      navigate('/auth/login');
    } else {
      setErrors(fieldErrors((result.payload as { errors?: { path: string; message: string }[] })?.errors ?? []));
      void toastError(errorMessage(result.payload, AUTH_TEXTS.signUpFailed), TOAST_MS.error);
    }
  }

  const loading = submitting || status === 'loading';
  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('auth.signUpTitle')}</h1>
      <div className="field-row">
        <TextField label={t('auth.firstName')} name="firstName" autoComplete="given-name" value={form.firstName} onChange={set('firstName')} error={errors.firstName} />
        <TextField label={t('auth.lastName')} name="lastName" autoComplete="family-name" value={form.lastName} onChange={set('lastName')} error={errors.lastName} />
      </div>
      <TextField
        label={t('auth.email')}
        name="email"
        type="email"
        dir="ltr"
        autoComplete="email"
        inputMode="email"
        value={form.email}
        onChange={set('email')}
        error={errors.email}
      />
      <PasswordInput label={t('auth.password')} name="password" autoComplete="new-password" value={form.password} onChange={set('password')} />
      <PasswordRules password={form.password} />
      <PasswordInput label={t('auth.confirm')} name="confirm" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} />
      {errors.confirm && (
        <p className="field-error" role="alert">
          {errors.confirm}
        </p>
      )}
      <EgyptMobileInput name="mobileNumber" value={form.mobileNumber} onChange={set('mobileNumber')} onBlur={() => setMobileTouched(true)} error={mobileError} />
      <div className="field">
        <label htmlFor="signup-school-year">{t('auth.schoolYear')}</label>
        <select id="signup-school-year" name="schooleYear" value={form.schooleYear} onChange={set('schooleYear')} aria-invalid={!!errors.schooleYear}>
          <option value="" disabled>
            {t('auth.schoolYearPick')}
          </option>
          {SCHOOL_YEARS.map((y) => (
            <option key={y} value={y}>
              {t(`schoolYear.${y}`)}
            </option>
          ))}
        </select>
        {errors.schooleYear && (
          <p className="field-error" role="alert">
            {errors.schooleYear}
          </p>
        )}
      </div>
      <SubmitButton loading={loading} disabled={!passwordRulesHold(form.password)}>
        {AUTH_TEXTS.signUpLink}
      </SubmitButton>
      <p className="form-footer">
        {t('auth.haveAccount')} <Link to="/auth/">{t('auth.logInLink')}</Link>
      </p>
    </form>
  );
}
