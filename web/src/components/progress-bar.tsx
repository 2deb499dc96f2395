/**
 * An upload's progress: a bar and its percent. Without a percent (a form upload through fetch,
 * which reports none) the bar runs indeterminate.
 */
export function ProgressBar({ label, percent }: { label: string; percent?: number }) {
  const known = percent !== undefined;
  return (
    <div className="progress">
      <div
        className={`progress-track${known ? '' : ' is-indeterminate'}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={known ? percent : undefined}
      >
        <div className="progress-fill" style={known ? { inlineSize: `${percent}%` } : undefined} />
      </div>
      {known && <span className="progress-percent">{percent}%</span>}
    </div>
  );
}
