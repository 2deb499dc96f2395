import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import type { Lecture, Video } from '@shared/schemas/catalogue';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LockIcon, PlayIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { toastWarning } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/forms';
import { useGetLectureQuery } from '../api/get-lecture';
import { crumbsOf, readTrail } from '../lib/nav-state';
import { purchaseTrail } from '../lib/purchase-trail';
import { viewOf } from '../lib/query-view';
import { lockedReason } from '../lib/video-lock';

/**
 * Spec 2: /lec/{id}, the player and the lecture's videos beside it (below it on phones). Loads the
 * lecture itself, so it works from a typed address too; the nav state only adds breadcrumbs.
 */
export default function LectureRoute() {
  const t = useT();
  const { id = '' } = useParams();
  const trail = readTrail(useLocation().state);
  const lectureQuery = useGetLectureQuery(id);
  const lecture = viewOf(lectureQuery);
  const name = lecture.data ? lecture.data.lectureName || lecture.data.name : '';

  useEffect(() => {
    document.title = `Bioscope | ${name || 'Lecture'}`;
  }, [name]);

  return (
    <section className="page">
      {trail && <Breadcrumbs items={crumbsOf(trail)} />}
      {lecture.status === 'loading' || lecture.status === 'idle' ? (
        <Spinner label={t('loading')} />
      ) : lecture.status === 'failed' || !lecture.data ? (
        <p className="notice" role="alert">
          <span dir="auto">{messageOf(lectureQuery.error, t, 'cat.genericError')}</span> <Link to="/">{t('nav.home')}</Link>
        </p>
      ) : (
        <LecturePlayer lecture={lecture.data} />
      )}
    </section>
  );
}

function LecturePlayer({ lecture }: { lecture: Lecture }) {
  const t = useT();
  const { state } = useLocation();
  const videos = useMemo(() => [...(lecture.videos ?? [])].sort((a, b) => a.order - b.order), [lecture.videos]);
  const [selectedId, setSelectedId] = useState(() => (videos.find((v) => v.signedUrl) ?? videos[0])?.id);
  const selected = videos.find((v) => v.id === selectedId);
  const name = lecture.lectureName || lecture.name;

  function pick(video: Video, index: number) {
    if (video.locked) {
      const reason = lockedReason(videos, index);
      void toastWarning(t('cat.lockedVideo'), t(reason.key, reason.vars));
      return;
    }
    setSelectedId(video.id);
  }

  return (
    <>
      <h1 dir="auto">{name}</h1>
      {lecture.subTitle && (
        <p className="muted" dir="auto">
          {lecture.subTitle}
        </p>
      )}
      <div className="lecture-layout">
        <div className="player">
          {!selected ? (
            <p className="notice">{t('cat.noVideo')}</p>
          ) : selected.signedUrl ? (
            <video key={selected.id} src={selected.signedUrl} controls playsInline preload="metadata" controlsList="nodownload" data-testid="lecture-video" />
          ) : selected.locked ? (
            <p className="notice" lang="ar">
              {t('cat.lockedVideo')}
            </p>
          ) : (
            // No URL for a video that is not quiz-locked: the student has not bought the lecture.
            <div className="notice player-paywall">
              <p>{t('cat.buyToWatch')}</p>
              <Link to="/pay" state={purchaseTrail(readTrail(state), lecture, `/lec/${lecture.id}`)} className="button button-primary">
                {t('cat.buyLecture')}
              </Link>
            </div>
          )}
          {selected && (
            <p className="player-title" dir="auto">
              {selected.videoName || selected.name}
            </p>
          )}
        </div>
        <aside className="video-list" aria-label={t('cat.videos')}>
          <h2>
            {t('cat.videos')} <span className="muted">({videos.length})</span>
          </h2>
          <ol>
            {videos.map((video, i) => (
              <li key={video.id}>
                <button
                  type="button"
                  className={`video-item${video.id === selectedId ? ' is-active' : ''}${video.locked ? ' is-locked' : ''}`}
                  aria-current={video.id === selectedId ? 'true' : undefined}
                  onClick={() => pick(video, i)}
                >
                  <span className="video-index">{i + 1}</span>
                  <span className="video-name" dir="auto">
                    {video.videoName || video.name}
                  </span>
                  {video.locked ? <LockIcon size={18} /> : <PlayIcon size={18} />}
                  {video.locked && <span className="visually-hidden">{t('cat.lockedBadge')}</span>}
                </button>
              </li>
            ))}
          </ol>
        </aside>
      </div>
    </>
  );
}
