import { useLanguage, useT } from '@/i18n/use-t';
import type { SalesReport } from '../api/get-sales';
import { amountText, shortDayText } from '../lib/format';

/**
 * Revenue by day as plain CSS bars (no chart library): one bar per day, its height the day's share
 * of the best day; each bar names its day, revenue and orders for screen readers and on hover.
 * The axis labels a few days, evenly spread.
 */
export function RevenueChart({ days }: { days: SalesReport['byDay'] }) {
  const t = useT();
  const language = useLanguage();
  const max = Math.max(0, ...days.map((d) => d.revenue));
  // About six day labels on a wide screen, three on a phone (the others are 'minor').
  const labelEvery = Math.max(1, Math.ceil(days.length / 6));
  const tick = (i: number) => (i % labelEvery !== 0 ? undefined : i % (labelEvery * 2) === 0 ? 'revenue-tick' : 'revenue-tick is-minor');
  return (
    <figure className="revenue-chart">
      <figcaption className="visually-hidden">{t('sales.byDay')}</figcaption>
      {max > 0 && (
        <p className="muted revenue-max" aria-hidden="true">
          <bdi dir="ltr">{amountText(max)}</bdi>
        </p>
      )}
      <ol className="revenue-bars" style={{ gridTemplateColumns: `repeat(${days.length}, minmax(0, 1fr))` }}>
        {days.map((d, i) => {
          const label = t('sales.dayBar', { day: shortDayText(d.day, language), revenue: amountText(d.revenue), orders: d.orders });
          return (
            <li key={d.day} className="revenue-day" title={label} aria-label={label} data-testid="revenue-bar">
              <span className="revenue-bar" style={{ blockSize: `${max ? Math.max(d.revenue > 0 ? 2 : 0, (d.revenue / max) * 100) : 0}%` }} />
              {tick(i) && (
                <span className={tick(i)} aria-hidden="true">
                  {shortDayText(d.day, language)}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {max === 0 && <p className="muted revenue-none">{t('sales.noRevenue')}</p>}
    </figure>
  );
}
