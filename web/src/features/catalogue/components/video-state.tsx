import type { Video } from '@shared/schemas/catalogue';
import { ProgressBar } from '@/components/progress-bar';
import { toastError } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { useStartVideoTranscodeMutation } from '../api/start-video-transcode';
import { wasHandled } from '../lib/query-view';

/**
 * Issue 16: where a stored video is in its preparation for streaming, as the lecture editor shows
 * it: uploaded (waiting), processing with its percent and bar, ready, or failed with the
 * transcoder's reason. The editor reads the lecture again every few seconds while one prepares.
 * A failed or stuck video (issue 38: nothing heard of its preparation for an hour) has a Retry button.
 */
export function VideoState({ video }: { video: Pick<Video, 'id' | 'state' | 'progress' | 'failure' | 'stuck'> | undefined }) {
  const t = useT();
  if (!video?.state) return null;
  const retryable = video.state === 'failed' || video.stuck === true;
  return (
    <>
      <StateLine video={video} />
      {video.stuck && (
        <p className="video-state is-stuck field-error" role="status">
          {t('admin.videoState.stuck')}
        </p>
      )}
      {retryable && <RetryButton videoId={video.id} />}
    </>
  );
}

/** Starts the video's transcode again; the lecture is read again (its tag), so the row shows it preparing. */
function RetryButton({ videoId }: { videoId: string }) {
  const t = useT();
  const [start, { isLoading }] = useStartVideoTranscodeMutation();
  const retry = async () => {
    try {
      await start(videoId).unwrap();
    } catch (err) {
      if (!wasHandled(err)) void toastError(messageOf(err, t, 'cat.genericError'));
    }
  };
  return (
    <button type="button" className="link-button" disabled={isLoading} onClick={() => void retry()}>
      {t('admin.videoState.retry')}
    </button>
  );
}

function StateLine({ video }: { video: Pick<Video, 'state' | 'progress' | 'failure'> }) {
  const t = useT();
  switch (video.state) {
    case 'uploaded':
      return (
        <p className="video-state is-waiting" data-testid="video-state" data-state="uploaded" role="status">
          {t('admin.videoState.uploaded')}
        </p>
      );
    case 'processing': {
      const percent = Math.max(0, Math.min(100, Math.round(video.progress ?? 0)));
      return (
        <div className="video-state is-processing" data-testid="video-state" data-state="processing">
          <p role="status">{t('admin.videoState.processing', { percent })}</p>
          <ProgressBar label={t('admin.videoState.processing', { percent })} percent={percent} />
        </div>
      );
    }
    case 'ready':
      return (
        <p className="video-state is-ready" data-testid="video-state" data-state="ready">
          <span className="status-pill">{t('admin.videoState.ready')}</span>
        </p>
      );
    case 'failed':
      return (
        <p className="video-state is-failed field-error" data-testid="video-state" data-state="failed" role="alert">
          {video.failure ? t('admin.videoState.failed', { reason: video.failure }) : t('admin.videoState.failedNoReason')}
        </p>
      );
  }
}

/** Read the lecture again while any of its videos is still being prepared. */
export const PREPARING_POLL_MS = 3000;
export const isPreparing = (videos: readonly Pick<Video, 'state'>[] | undefined) => (videos ?? []).some((v) => v.state === 'uploaded' || v.state === 'processing');
