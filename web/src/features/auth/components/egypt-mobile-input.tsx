import { useId, type InputHTMLAttributes } from 'react';
import { useT } from '@/i18n/use-t';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { error?: string };

/** Spec 5: the mobile number is Egyptian only (country eg, no country dropdown). */
export function EgyptMobileInput({ error, ...input }: Props) {
  const t = useT();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{t('auth.mobile')}</label>
      <div className="phone-input" dir="ltr">
        <span className="phone-country" title={t('auth.mobileCountry')}>
          <svg width="22" height="15" viewBox="0 0 3 2" aria-hidden="true" className="flag">
            <rect width="3" height="2" fill="#000" />
            <rect width="3" height="1.333" fill="#fff" />
            <rect width="3" height="0.667" fill="#ce1126" />
            <circle cx="1.5" cy="1" r="0.18" fill="#c09300" />
          </svg>
          +20
        </span>
        <input
          id={id}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="01X XXXX XXXX"
          aria-invalid={!!error}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
      </div>
      {error && (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
