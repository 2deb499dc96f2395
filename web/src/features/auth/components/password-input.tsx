import { useId, useState, type InputHTMLAttributes } from 'react';
import { EyeIcon, EyeOffIcon } from '@/components/icons';
import { useT } from '@/i18n/use-t';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { label: string };

/** A password field with a show/hide switch (typing on a phone is error-prone). */
export function PasswordInput({ label, id, ...input }: Props) {
  const t = useT();
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const [shown, setShown] = useState(false);
  return (
    <div className="field">
      <label htmlFor={inputId}>{label}</label>
      <div className="input-with-action">
        <input id={inputId} type={shown ? 'text' : 'password'} dir="ltr" {...input} />
        <button
          type="button"
          className="input-action"
          onClick={() => setShown((s) => !s)}
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={shown}
        >
          {shown ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </div>
  );
}
