import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { EgyptPhoneField, PasswordField, TextField } from '@/components/fields';
import { useT } from '@/i18n/use-t';
import { registerPasswordPair } from '@/lib/forms';
import { PasswordRules } from './password-rules';

/** What every sign-up asks, whoever signs up (a student, a parent). */
export interface AccountFieldValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirm: string;
  mobileNumber: string;
}

/**
 * The sign-up fields a student's form and a parent's share: the names side by side, the e-mail, the
 * password with its live rules and its confirmation (checked together), the Egyptian mobile number.
 * `form` is the page's form, whose values hold these six among its own.
 */
export function AccountFields<F extends FieldValues>({ form }: { form: UseFormReturn<F, unknown, unknown> }) {
  const t = useT();
  const f = form as unknown as UseFormReturn<AccountFieldValues>;
  const {
    register,
    watch,
    formState: { errors },
  } = f;
  const pair = registerPasswordPair(f, 'password', 'confirm');
  return (
    <>
      <div className="field-row">
        <TextField label={t('auth.firstName')} autoComplete="given-name" error={errors.firstName?.message} {...register('firstName')} />
        <TextField label={t('auth.lastName')} autoComplete="family-name" error={errors.lastName?.message} {...register('lastName')} />
      </div>
      <TextField label={t('auth.email')} type="email" dir="ltr" autoComplete="email" inputMode="email" error={errors.email?.message} {...register('email')} />
      <PasswordField label={t('auth.password')} autoComplete="new-password" error={errors.password?.message} {...pair.password} />
      <PasswordRules password={watch('password')} />
      <PasswordField label={t('auth.confirm')} autoComplete="new-password" error={errors.confirm?.message} {...pair.confirm} />
      <EgyptPhoneField label={t('auth.mobile')} error={errors.mobileNumber?.message} {...register('mobileNumber')} />
    </>
  );
}
