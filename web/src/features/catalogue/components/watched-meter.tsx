import type { Video } from '@shared/schemas/catalogue';
import { useT } from '@/i18n/use-t';

/** Issue 42: how much of a video the student watched, on its card (nothing before they start it). */
export function WatchedMeter({ watched }: { watched: Video['watched'] }) {
  const t = useT();
  if (!watched || (watched.percent === 0 && !watched.completed)) return null;
  const text = watched.completed ? t('watch.completed') : t('watch.percent', { n: watched.percent });
  return (
    <span className="watched-meter" title={text}>
      <span className="watched-bar" aria-hidden="true">
        <span style={{ inlineSize: `${watched.completed ? 100 : watched.percent}%` }} />
      </span>
      <span className="watched-text">{text}</span>
    </span>
  );
}
