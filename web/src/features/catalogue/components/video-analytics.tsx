import { RetentionChart } from '@/components/retention-chart';
import { Spinner } from '@/components/spinner';
import { useLanguage, useT } from '@/i18n/use-t';
import { useGetVideoAnalyticsQuery } from '../api/get-video-analytics';

const pct = (share: number) => Math.round(share * 100);

/** Issue 42: the teacher's view of one video's watching — its retention curve and figures. */
export function VideoAnalytics({ videoId, name }: { videoId: string; name: string }) {
  const t = useT();
  const language = useLanguage();
  const { data, isLoading } = useGetVideoAnalyticsQuery(videoId);
  if (isLoading) return <Spinner />;
  // Figures that did not come (a failed read): the rest of the page stands without them.
  if (!Array.isArray(data?.retention)) return null;
  const r = data.retention;
  return (
    <section className="video-analytics" aria-label={t('watch.title')} data-testid="video-analytics">
      <h2>{t('watch.title')}</h2>
      {data.viewers === 0 ? (
        <p className="muted">{t('watch.none')}</p>
      ) : (
        <>
          <dl className="video-figures">
            <div>
              <dt>{t('watch.viewers')}</dt>
              <dd>{data.viewers}</dd>
            </div>
            <div>
              <dt>{t('watch.completedCount')}</dt>
              <dd>{data.completed}</dd>
            </div>
            <div>
              <dt>{t('watch.average')}</dt>
              <dd>{data.avgWatchedPercent}%</dd>
            </div>
          </dl>
          <RetentionChart
            retention={r}
            rtl={language === 'ar'}
            title={t('watch.chartTitle', { name })}
            description={t('watch.chartDesc', { start: pct(r[0] ?? 0), middle: pct(r[50] ?? 0), end: pct(r[99] ?? 0) })}
            startLabel={t('watch.start')}
            endLabel={t('watch.end')}
          />
        </>
      )}
    </section>
  );
}
