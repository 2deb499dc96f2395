import { useEffect, useMemo, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import type { Lecture, Video } from '@shared/schemas/catalogue';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LockIcon, PlayIcon } from '@/components/icons';
import { Spinner } from '@/components/spinner';
import { closeToast, toastWarning } from '@/components/toast';
import { useT } from '@/i18n/use-t';
import { messageOf } from '@/lib/messages';
import { selectIsAdmin } from '@/lib/session';
import { useGetLectureQuery } from '../api/get-lecture';
import { useListCoursesQuery } from '../api/list-courses';
import { Paywall } from '../components/paywall';
import { VideoPlayer } from '../components/video-player';
import { QuizEndCard, VideoQuizBadge } from '../components/video-quiz';
import { VideoAnalytics } from '../components/video-analytics';
import { WatchedMeter } from '../components/watched-meter';
import { firstVideo } from '../lib/first-video';
import { lectureTrail } from '../lib/lecture-trail';
import { crumbsOf, readTrail } from '../lib/nav-state';
import { viewOf } from '../lib/query-view';
import { lockedReason, unlockQuizLink } from '../lib/video-lock';
import { usePageTitle } from '@/lib/page-title';

/**
 * Spec 2: /lec/{id}, the player and the lecture's videos beside it (below it on phones). Loads the
 * lecture itself, so it works from a typed address too; the nav state only adds breadcrumbs.
 */
export default function LectureRoute() {
  const t = useT();
  const { id = '' } = useParams();
  const navTrail = readTrail(useLocation().state);
  const lectureQuery = useGetLectureQuery(id);
  const lecture = viewOf(lectureQuery);
  // No trail (My lectures, a typed address): the course list (cached from home) gives the way back. Asked
  // beside the lecture, and the page waits for it the first time: a breadcrumb coming after the title
  // pushed the title and the player down (Lighthouse's layout shift on a lecture opened by address).
  const courses = useListCoursesQuery(undefined, { skip: !!navTrail });
  const trail = navTrail ?? (lecture.data ? lectureTrail(lecture.data, courses.data) : null);
  const trailPending = !navTrail && courses.isLoading;
  const name = lecture.data ? lecture.data.lectureName || lecture.data.name : '';

  usePageTitle(name || t('title.lecture'));

  return (
    <section className="page">
      {trail && <Breadcrumbs items={crumbsOf(trail)} />}
      {lecture.status === 'loading' || lecture.status === 'idle' || trailPending ? (
        <Spinner label={t('loading')} />
      ) : lecture.status === 'failed' || !lecture.data ? (
        <p className="notice" role="alert">
          <span dir="auto">{messageOf(lectureQuery.error, t, 'cat.genericError')}</span> <Link to="/">{t('nav.home')}</Link>
        </p>
      ) : (
        <LecturePlayer lecture={lecture.data} rechecking={lectureQuery.isFetching} />
      )}
    </section>
  );
}

/**
 * The server's gate (spec 4): a locked video has no URL and says which quiz opens it. Choosing it
 * says 'هذا الفيديو مقفل' with the reason and offers that quiz (the toast goes when the student
 * leaves for it); after a submit the lecture is read again (tag QuizStatus, 500 ms later) and the
 * video plays here without a page reload. A video with a quiz wears a badge (passed or not), and
 * at its end an unpassed quiz is offered over the player.
 */
function LecturePlayer({ lecture, rechecking }: { lecture: Lecture; rechecking: boolean }) {
  const t = useT();
  const { state } = useLocation();
  const [search] = useSearchParams();
  const isAdmin = useSelector(selectIsAdmin);
  // The teacher previews the page as a student who owns the lecture sees it: the videos ready to play
  // (the admin reads every video, with its transcode state; no purchase, no views counted).
  const videos = useMemo(() => [...(lecture.videos ?? [])].filter((v) => !isAdmin || v.signedUrl).sort((a, b) => a.order - b.order), [lecture.videos, isAdmin]);
  // Back from a quiz (?v=): the video it was taken for; else the first that plays (lib/first-video.ts).
  const [selectedId, setSelectedId] = useState(() => firstVideo(videos, search.get('v'))?.id);
  const selected = videos.find((v) => v.id === selectedId);
  // A video the student may watch has its playlist's path; the player starts its playback (cookies).
  // A refetch (the recheck after a quiz submit) keeps the player of the video playing (same key).
  const watchable = Boolean(selected?.signedUrl);
  const name = lecture.lectureName || lecture.name;
  const next = selected ? videos[videos.indexOf(selected) + 1] : undefined;
  const quizAtEnd = !isAdmin && selected?.quizId && selected.quizPassed !== true ? selected.quizId : null;

  // The 'locked' toast is about this page: it does not follow the student onto the quiz.
  const lockToast = useRef(false);
  useEffect(
    () => () => {
      if (lockToast.current) void closeToast();
    },
    [],
  );

  function pick(video: Video) {
    if (video.locked) {
      const reason = lockedReason(video, rechecking);
      lockToast.current = true;
      void toastWarning(t('cat.lockedVideo'), t(reason.key, reason.vars)).then(() => {
        lockToast.current = false;
      });
    }
    setSelectedId(video.id);
  }

  return (
    <>
      {isAdmin && (
        <p className="notice lecture-preview-banner" role="status" aria-label={t('cat.previewTitle')}>
          <strong>{t('cat.previewTitle')}</strong>: {t('cat.previewAsStudent')}
        </p>
      )}
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
          ) : watchable ? (
            <VideoPlayer
              key={selected.id}
              lectureId={lecture.id}
              video={selected}
              preview={isAdmin}
              endCard={quizAtEnd ? <QuizEndCard quizId={quizAtEnd} lectureId={lecture.id} returnVideoId={next?.id ?? selected.id} gating={next !== undefined} /> : undefined}
            />
          ) : selected.locked ? (
            <LockedVideo video={selected} lectureId={lecture.id} rechecking={rechecking} />
          ) : (
            // No URL for a video that is not quiz-locked: the student has not bought the lecture.
            <Paywall lecture={lecture} trail={readTrail(state)} />
          )}
          {selected && (
            <p className="player-title" dir="auto">
              {selected.videoName || selected.name}
            </p>
          )}
          {isAdmin && selected && <VideoAnalytics key={selected.id} videoId={selected.id} name={selected.videoName || selected.name || ''} />}
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
                  onClick={() => pick(video)}
                >
                  <span className="video-index">{i + 1}</span>
                  <span className="video-name" dir="auto">
                    {video.videoName || video.name}
                  </span>
                  {!isAdmin && <WatchedMeter watched={video.watched} />}
                  {video.quizId && !isAdmin && <VideoQuizBadge passed={video.quizPassed === true} />}
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

function LockedVideo({ video, lectureId, rechecking }: { video: Video; lectureId: string; rechecking: boolean }) {
  const t = useT();
  const reason = lockedReason(video, rechecking);
  const link = video.locked ? unlockQuizLink(video.locked.quizId, lectureId, video.id) : null;
  return (
    <div className="notice player-paywall player-locked" role="status" data-testid="locked-video">
      <LockIcon size={28} />
      <p lang="ar">
        <strong>{t('cat.lockedVideo')}</strong>
      </p>
      <p>{t(reason.key, reason.vars)}</p>
      {link && !rechecking && (
        <Link to={link.to} state={link.state} className="button button-primary">
          {t('cat.takeQuiz')}
        </Link>
      )}
    </div>
  );
}
