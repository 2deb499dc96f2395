import { Loader } from '@aws-amplify/ui-react';
import { SPINNER_SIZE_PX } from '@shared/constants';
import { useT } from '@/i18n/use-t';

/** Spec 2: the loading image (the library's Loader), 110 × 110, centred, at least 80 % of the viewport high. */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <Loader width={`${SPINNER_SIZE_PX}px`} height={`${SPINNER_SIZE_PX}px`} aria-label={label ?? t('loading')} />
    </div>
  );
}

/** The small spinner inside a busy button. */
export function ButtonSpinner() {
  const t = useT();
  return <Loader className="button-spinner" role="status" aria-label={t('loading')} />;
}
