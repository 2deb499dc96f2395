/**
 * The form fields, from the design library (`@aws-amplify/ui-react`), with the app's look
 * (`.field`) and an `error` prop that react-hook-form fills (`error={errors.email?.message}`):
 * the input gets aria-invalid and is described by the message, which is announced (role alert).
 * Every other prop goes to the library's field (label, name, value/onChange or RHF's register …).
 */
import {
  PasswordField as AmplifyPasswordField,
  type PasswordFieldProps,
  SelectField as AmplifySelectField,
  type SelectFieldProps,
  TextField as AmplifyTextField,
  type TextFieldProps,
} from '@aws-amplify/ui-react';
import type { Ref } from 'react';
import { useT } from '@/i18n/use-t';

type FieldExtras = { error?: string; ref?: Ref<HTMLInputElement> };

/** The error line under a field: announced, and in its own direction (server text may be mixed). */
const errorProps = (error: string | undefined) => ({
  hasError: !!error,
  errorMessage: error ? (
    <span role="alert" dir="auto">
      {error}
    </span>
  ) : undefined,
});

export type TextInputProps = Omit<TextFieldProps, 'hasError' | 'errorMessage'> & FieldExtras;

/** A labelled text input (TextField). */
export function TextField({ error, className, ...props }: TextInputProps) {
  return <AmplifyTextField className={`field${className ? ` ${className}` : ''}`} {...errorProps(error)} {...props} />;
}

export type PasswordInputProps = Omit<PasswordFieldProps, 'hasError' | 'errorMessage'> & FieldExtras;

/** A password input with its show/hide switch (PasswordField), left to right in both languages. */
export function PasswordField({ error, className, ...props }: PasswordInputProps) {
  const t = useT();
  return (
    <AmplifyPasswordField
      className={`field password-field${className ? ` ${className}` : ''}`}
      dir="ltr"
      showPasswordButtonLabel={t('field.showPassword')}
      passwordIsHiddenLabel={t('field.passwordHidden')}
      passwordIsShownLabel={t('field.passwordShown')}
      {...errorProps(error)}
      {...props}
    />
  );
}

export type EgyptPhoneProps = Omit<TextFieldProps, 'hasError' | 'errorMessage' | 'type' | 'outerStartComponent'> & FieldExtras;

/**
 * Spec 5: an Egyptian mobile number, +20, no country dropdown. The library's PhoneNumberField
 * always renders a dial-code <select> (a 'Country code' combobox even with a list of one), so
 * this is its TextField with the fixed +20 prefix in the same outer-start slot.
 */
export function EgyptPhoneField({ error, className, ...props }: EgyptPhoneProps) {
  const t = useT();
  return (
    <AmplifyTextField
      className={`field phone-field${className ? ` ${className}` : ''}`}
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      dir="ltr"
      placeholder={t('field.mobilePlaceholder')}
      outerStartComponent={
        <span className="phone-country" title={t('field.mobileCountry')} dir="ltr">
          <svg width="22" height="15" viewBox="0 0 3 2" aria-hidden="true" className="flag">
            <rect width="3" height="2" fill="#000" />
            <rect width="3" height="1.333" fill="#fff" />
            <rect width="3" height="0.667" fill="#ce1126" />
            <circle cx="1.5" cy="1" r="0.18" fill="#c09300" />
          </svg>
          {t('field.dialCode')}
        </span>
      }
      {...errorProps(error)}
      {...props}
    />
  );
}

export type SelectInputProps = Omit<SelectFieldProps, 'hasError' | 'errorMessage'> & { error?: string; ref?: Ref<HTMLSelectElement> };

/** A labelled native select (SelectField); options are its children. */
export function SelectField({ error, className, ...props }: SelectInputProps) {
  return <AmplifySelectField className={`field${className ? ` ${className}` : ''}`} {...errorProps(error)} {...props} />;
}
