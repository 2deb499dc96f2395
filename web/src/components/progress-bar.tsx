import { Loader } from '@aws-amplify/ui-react';

/**
 * An upload's progress: the library's linear Loader, drawn from the reading edge (mirrored in
 * Arabic), with the percent as the caller words it (`text`) at its end. The library's own percent
 * lies below the bar's box, unseen, so it is hidden. Without a percent (a form upload through
 * fetch, which reports none) the bar runs indeterminate.
 */
export function ProgressBar({ label, percent, text }: { label: string; percent?: number; text?: string }) {
  const known = percent !== undefined;
  return (
    <div className={`progress${known ? '' : ' is-indeterminate'}`}>
      <Loader className="progress-loader" variation="linear" isDeterminate={known} isPercentageTextHidden percentage={percent ?? 0} aria-label={label} aria-valuemin={0} aria-valuemax={100} />
      {known && text && (
        <span className="progress-percent" aria-hidden="true">
          {text}
        </span>
      )}
    </div>
  );
}
