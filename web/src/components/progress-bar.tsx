import { Loader } from '@aws-amplify/ui-react';

/**
 * An upload's progress: the library's linear Loader, its percent written under the bar. Without
 * a percent (a form upload through fetch, which reports none) the bar runs indeterminate.
 */
export function ProgressBar({ label, percent }: { label: string; percent?: number }) {
  const known = percent !== undefined;
  return (
    <div className={`progress${known ? '' : ' is-indeterminate'}`}>
      <Loader className="progress-loader" variation="linear" isDeterminate={known} percentage={percent ?? 0} aria-label={label} aria-valuemin={0} aria-valuemax={100} />
    </div>
  );
}
