import type { Video } from '@shared/schemas/catalogue';
import { ProgressBar } from '@/components/progress-bar';
import { useT } from '@/i18n/use-t';

/**
 * Issue 16: where a stored video is in its preparation for streaming, as the lecture editor shows
 * it: uploaded (waiting), processing with its percent and bar, ready, or failed with the
 * transcoder's reason. The editor reads the lecture again every few seconds while one prepares.
 */
export function VideoState({ video }: { video: Pick<Video, 'state' | 'progress' | 'failure'> | undefined }) {
  const t = useT();
  if (!video?.state) return null;
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
