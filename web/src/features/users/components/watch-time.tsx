import { type DataColumn, DataTable } from '@/components/data-table';
import { useT } from '@/i18n/use-t';
import { type LectureWatching, useListUserWatchingQuery } from '../api/list-user-watching';

type VideoRow = LectureWatching['videos'][number];
const minutes = (seconds: number) => Math.round(seconds / 6) / 10;

/** Issue 42, the student's page: watch time per lecture and video (each second of a video counted once), the share watched. */
export function WatchTime({ userId }: { userId: string }) {
  const t = useT();
  const { data, isLoading } = useListUserWatchingQuery(userId);
  if (isLoading) return null;
  if (!data?.length) return <p className="muted">{t('watch.studentNone')}</p>;
  const columns: DataColumn<VideoRow>[] = [
    { header: t('views.colVideo'), dir: 'auto', cell: (r) => r.name ?? t('watch.videoDeleted') },
    { header: t('watch.studentTitle'), cell: (r) => t('watch.minutes', { n: minutes(r.seconds) }) },
    { header: t('watch.average'), cell: (r) => (r.completed ? `${t('watch.completed')} · ${r.percent}%` : `${r.percent}%`) },
  ];
  return (
    <div className="video-views" data-testid="watch-time">
      {data.map((l) => (
        <section key={l.lectureId} className="people-card video-views-lecture">
          <div className="video-views-head">
            <h3 dir="auto">{l.name ?? t('watch.lectureDeleted')}</h3>
            <span className="muted">{t('watch.minutes', { n: minutes(l.seconds) })}</span>
          </div>
          <DataTable columns={columns} rows={l.videos} rowKey={(r) => r.videoId} aria-label={t('watch.studentTitle')} />
        </section>
      ))}
    </div>
  );
}
