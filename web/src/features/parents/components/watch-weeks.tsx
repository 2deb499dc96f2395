import { type Language, useT } from '@/i18n/use-t';
import type { ChildReport } from '@/lib/parent-routes';
import { dayText, minutesOf, numberText } from '../lib/format';

/**
 * The last 8 weeks' watch time as one row of bars, oldest first in reading order (so in Arabic the
 * row runs right to left and this week is on the left), each bar named by its week and minutes.
 */
export function WatchWeeks({ weeks, language }: { weeks: ChildReport['weeks']; language: Language }) {
  const t = useT();
  const minutes = (seconds: number) => t('child.minutes', { n: numberText(minutesOf(seconds), language) });
  const oldestFirst = [...weeks].reverse();
  const most = Math.max(1, ...weeks.map((w) => w.watchedSeconds));
  const thisWeek = weeks[0];
  return (
    <div className="watch-weeks">
      <div className="child-section-head">
        <h3>{t('child.watchTitle')}</h3>
        {thisWeek && <span className="watch-this-week">{t('child.thisWeek', { minutes: minutes(thisWeek.watchedSeconds) })}</span>}
      </div>
      <ol className="watch-bars">
        {oldestFirst.map((w, i) => {
          const label = t('child.week', { date: dayText(w.to, language), minutes: minutes(w.watchedSeconds) });
          return (
            <li key={w.to} className={`watch-bar${i === oldestFirst.length - 1 ? ' is-this-week' : ''}`} data-testid="week" aria-label={label} title={label}>
              <span className="watch-bar-fill" style={{ blockSize: `${Math.max(w.watchedSeconds ? 6 : 2, Math.round((w.watchedSeconds / most) * 100))}%` }} />
              <span className="watch-bar-value" aria-hidden="true">
                {numberText(minutesOf(w.watchedSeconds), language)}
              </span>
            </li>
          );
        })}
      </ol>
      {oldestFirst.length > 1 && (
        <p className="watch-axis muted" aria-hidden="true">
          <span>{dayText(oldestFirst[0]!.from, language)}</span>
          <span>{dayText(oldestFirst[oldestFirst.length - 1]!.to, language)}</span>
        </p>
      )}
    </div>
  );
}
