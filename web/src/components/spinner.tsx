import { SPINNER_SIZE_PX } from '@shared/constants';
import { useT } from '@/i18n/use-t';

/**
 * The design library's circular Loader, as its React primitive renders it (same element, classes
 * and circles, so its loader.layer.css and theme tokens draw it), written out here: the shell shows
 * it while a screen loads, and the primitive would bring the library's style code into the first load.
 */
function LoaderMarkup({ className, ...aria }: { className?: string; role: 'progressbar' | 'status'; 'aria-label': string; style?: { width: string; height: string } }) {
  const circle = { cx: '50%', cy: '50%', r: '42%', strokeWidth: '8%' };
  return (
    <svg className={className ? `amplify-loader ${className}` : 'amplify-loader'} {...aria}>
      <g>
        <circle {...circle} data-testid="circular-empty" />
        <circle {...circle} data-testid="circular-filled" />
      </g>
    </svg>
  );
}

/** Spec 2: the loading image (the library's Loader), 110 × 110, centred, at least 80 % of the viewport high. */
export function Spinner({ label }: { label?: string }) {
  const t = useT();
  const size = `${SPINNER_SIZE_PX}px`;
  return (
    <div className="page-spinner" role="status" aria-live="polite">
      <LoaderMarkup role="progressbar" style={{ width: size, height: size }} aria-label={label ?? t('loading')} />
    </div>
  );
}

/** The small spinner inside a busy button. */
export function ButtonSpinner() {
  const t = useT();
  return <LoaderMarkup className="button-spinner" role="status" aria-label={t('loading')} />;
}
