import { useState } from 'react';
import { confirm } from '@/components/confirm';
import { type DataColumn, DataTable } from '@/components/data-table';
import { toastError, toastSuccess } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import '@/i18n/users-area';
import type { ApiFailure } from '@/lib/api';
import { messageOf } from '@/lib/messages';
import { failureText } from '../lib/failure-text';
import { useListVideoViewsQuery, type VideoViewRow } from '../api/list-video-views';
import { useResetVideoViewsMutation } from '../api/reset-video-views';

/** Rows grouped by lecture, in the order they came. */
function byLecture(rows: readonly VideoViewRow[]) {
  const groups = new Map<string, { lectureId: string; lectureName: string; viewLimit: number | null; videos: VideoViewRow[] }>();
  for (const r of rows) {
    const g = groups.get(r.lectureId) ?? { lectureId: r.lectureId, lectureName: r.lectureName, viewLimit: r.viewLimit, videos: [] };
    g.videos.push(r);
    groups.set(r.lectureId, g);
  }
  return [...groups.values()];
}

/**
 * Issue 16, the student's page: how many times the student has watched each video (counted once a
 * share of it played) against the lecture's limit, and per lecture a reset (asks first; a toast
 * says how it went) that gives the student every view again.
 */
export function VideoViews({ userId }: { userId: string }) {
  const t = useT();
  const views = useListVideoViewsQuery(userId);
  const [resetViews] = useResetVideoViewsMutation();
  const [busy, setBusy] = useState<string>();

  async function reset(lectureId: string, lectureName: string) {
    if (!(await confirm({ title: t('views.resetTitle'), text: t('views.resetText', { name: lectureName }), confirmButtonText: t('views.resetYes') }))) return;
    setBusy(lectureId);
    const result = await resetViews({ userId, lectureId });
    setBusy(undefined);
    if ('error' in result) {
      if (!(result.error as ApiFailure).handled) void toastError(messageOf(result.error, t, 'views.resetFailed'));
      return;
    }
    void toastSuccess(t('views.resetDone', { name: lectureName }));
  }

  const columns: DataColumn<VideoViewRow>[] = [
    { header: t('views.colVideo'), dir: 'auto', cell: (r) => r.videoName },
    {
      header: t('views.colViews'),
      cell: (r) => <bdi dir="ltr">{r.viewLimit === null ? r.views : `${r.views} / ${r.viewLimit}`}</bdi>,
    },
  ];

  if (views.isLoading) return <p className="muted">{t('views.loading')}</p>;
  if (views.isError)
    return (
      <p className="notice" role="alert">
        {failureText(views.error, t, 'views.loadFailed')}
      </p>
    );
  const groups = byLecture(views.data ?? []);
  if (!groups.length) return <p className="muted">{t('views.none')}</p>;
  return (
    <div className="video-views">
      {groups.map((g) => (
        <section key={g.lectureId} className="people-card video-views-lecture" data-testid="views-lecture">
          <div className="video-views-head">
            <h3 dir="auto">{g.lectureName}</h3>
            <span className="muted">{g.viewLimit === null ? t('views.noLimit') : t('views.limit', { n: g.viewLimit })}</span>
            <button type="button" className="button button-ghost" disabled={busy === g.lectureId} onClick={() => void reset(g.lectureId, g.lectureName)}>
              {t('views.reset')}
            </button>
          </div>
          <DataTable columns={columns} rows={g.videos} rowKey={(r) => r.videoId} rowTestId="views-row" aria-label={t('views.tableLabel', { name: g.lectureName })} />
        </section>
      ))}
    </div>
  );
}
