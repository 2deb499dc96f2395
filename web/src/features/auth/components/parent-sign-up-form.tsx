import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { passwordRulesHold } from '@shared/schemas/common';
import { SubmitButton } from '@/components/button';
import { TextField } from '@/components/fields';
import { toastError, toastSuccess, TOAST_MS } from '@/components/toast';
import { type MessageKey, useLanguage, useT } from '@/i18n/use-t';
import '@/i18n/parents-area';
import { setServerErrors, useZodForm } from '@/lib/forms';
import { errorCodeOf, messageOf } from '@/lib/messages';
import { parentCodeText } from '@/lib/parent-code';
import { useSignUpMutation } from '../api/sign-up';
import { type ParentSignUpInput, parentSignUpForm } from '../lib/parent-sign-up-form';
import { AccountFields } from './account-fields';

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'confirm', 'mobileNumber', 'parentCode'] as const;
/** A refused code, said on its field: wrong, expired or used, or its child has four parents. */
const REFUSALS: Record<string, MessageKey> = { 'parent.codeInvalid': 'parents.codeInvalid', 'parent.tooMany': 'parents.childFull' };

/**
 * Issue 43: the sign-up page's parent side — names, e-mail, phone, password and the child's invite
 * code (no school year), posted as role PARENT; the account is activated by mail like a student's.
 * A refused code (parent.codeInvalid, parent.tooMany) is said on the code field.
 */
export function ParentSignUpForm({ initialCode, parentSwitch }: { initialCode: string; parentSwitch: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const navigate = useNavigate();
  const [signUp, { isLoading }] = useSignUpMutation();
  const empty: ParentSignUpInput = { firstName: '', lastName: '', email: '', password: '', confirm: '', mobileNumber: '', parentCode: parentCodeText(initialCode) };
  const form = useZodForm(parentSignUpForm, { defaultValues: empty });
  const { register, handleSubmit, watch, setError, formState } = form;
  const { errors } = formState;
  const password = watch('password');

  const onSubmit = handleSubmit(async (body) => {
    const result = await signUp({ ...body, locale: language, role: 'PARENT' });
    if (!('error' in result)) {
      void toastSuccess(t('auth.signedUp'), 5000);
      navigate('/auth/login');
      return;
    }
    const refusal = REFUSALS[errorCodeOf(result.error) ?? ''];
    if (refusal) {
      setError('parentCode', { type: 'server', message: t(refusal) }, { shouldFocus: true });
      return;
    }
    setServerErrors(result.error, setError, t, { fields: FIELDS, codeFields: { 'auth.emailInUse': 'email', 'auth.phoneInUse': 'mobileNumber' } });
    void toastError(messageOf(result.error, t, 'parentSignUp.failed'), TOAST_MS.error);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="auth-form">
      <h1>{t('parentSignUp.title')}</h1>
      {parentSwitch}
      <p className="muted">{t('parentSignUp.hint')}</p>
      <TextField
        label={t('field.parentCode')}
        descriptiveText={t('parents.codeHint')}
        dir="ltr"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="XXXX-XXXX"
        className="parent-code-field"
        error={errors.parentCode?.message}
        {...register('parentCode')}
      />
      <AccountFields form={form} />
      <SubmitButton loading={isLoading} disabled={!passwordRulesHold(password)}>
        {t('auth.signUpLink')}
      </SubmitButton>
      <p className="form-footer">
        {t('auth.haveAccount')} <Link to="/auth/">{t('auth.logInLink')}</Link>
      </p>
    </form>
  );
}
