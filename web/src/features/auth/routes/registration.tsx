import { type ReactNode, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signupBody } from '@shared/schemas/auth';
import { passwordRulesHold } from '@shared/schemas/common';
import { SubmitButton } from '@/components/button';
import { SchoolYearField } from '@/components/school-year-field';
import { ToggleSwitch } from '@/components/toggle-switch';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { useLanguage, useT } from '@/i18n/use-t';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { messageOf } from '@/lib/messages';
import { type SignUpInput, useSignUpMutation } from '../api/sign-up';
import { ParentSignUpForm } from '../components/parent-sign-up-form';
import { AccountFields } from '../components/account-fields';
import '@/i18n/parents-area';
import { usePageTitle } from '@/lib/page-title';

const EMPTY: SignUpInput = { firstName: '', lastName: '', email: '', password: '', confirm: '', mobileNumber: '', schooleYear: '' as SignUpInput['schooleYear'] };
const FIELDS = Object.keys(EMPTY) as (keyof SignUpInput)[];

/**
 * The sign-up page: a student's, or a parent's (issue 43) — opened from the child's invite link
 * (?parent=CODE) or by the "I am a parent" switch.
 */
export default function RegistrationRoute() {
  const t = useT();
  const [params] = useSearchParams();
  const code = params.get('parent');
  const [parent, setParent] = useState(code !== null);
  usePageTitle(t('title.signUp'));
  const parentSwitch = <ToggleSwitch label={t('parentSignUp.switch')} checked={parent} onChange={setParent} />;
  return parent ? <ParentSignUpForm initialCode={code ?? ''} parentSwitch={parentSwitch} /> : <StudentSignUpForm parentSwitch={parentSwitch} />;
}

function StudentSignUpForm({ parentSwitch }: { parentSwitch: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const [signUp, { isLoading }] = useSignUpMutation();
  // Spec 5: each field (the mobile number too) is checked once it has been left, then while it is typed.
  const form = useZodForm(signupBody, { defaultValues: EMPTY });
  const { register, handleSubmit, watch, setError, formState } = form;
  const { errors } = formState;
  const password = watch('password');

  const onSubmit = handleSubmit(async (body) => {
    // The mails (activation, reset codes) are written in the language the student signs up in.
    const result = await signUp({ ...body, locale: language });
    if ('error' in result) {
      setServerErrors(result.error, setError, t, { fields: FIELDS, codeFields: { 'auth.emailInUse': 'email', 'auth.phoneInUse': 'mobileNumber' } });
      void toastError(messageOf(result.error, t, 'auth.signUpFailed'), TOAST_MS.error);
    } else {
      void toastSuccess(t('auth.signedUp'), 5000);
      navigate('/auth/login');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('auth.signUpTitle')}</h1>
      {parentSwitch}
      <AccountFields form={form} />
      <SchoolYearField error={errors.schooleYear?.message} {...register('schooleYear')} />
      <SubmitButton loading={isLoading} disabled={!passwordRulesHold(password)}>
        {t('auth.signUpLink')}
      </SubmitButton>
      <p className="form-footer">
        {t('auth.haveAccount')} <Link to="/auth/">{t('auth.logInLink')}</Link>
      </p>
    </form>
  );
}
