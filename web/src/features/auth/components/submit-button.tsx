import type { ReactNode } from 'react';
import { ButtonSpinner } from '@/components/spinner';

/** A form's main button: disabled, with a spinner, while its call is under way. */
export function SubmitButton({ loading, disabled, children }: { loading: boolean; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button-primary button-block" disabled={loading || disabled} aria-busy={loading}>
      {loading ? <ButtonSpinner /> : children}
    </button>
  );
}
