import { SPINNER_SIZE_PX } from '@shared/constants';
// Relative on purpose: jest's moduleNameMapper maps `@/` before it stubs images.
import spinnerUrl from '../assets/spinner.svg';

/** Spec 2: the loading image, 110 × 110, centred, at least 80 % of the viewport high. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <img src={spinnerUrl} width={SPINNER_SIZE_PX} height={SPINNER_SIZE_PX} alt={label} />
    </div>
  );
}

/** The small spinner inside a busy button. */
export function ButtonSpinner() {
  return <span className="button-spinner" role="status" aria-label="Loading" />;
}
