import { type KeyboardEvent, type ReactNode, type SyntheticEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useSelector } from 'react-redux';
import type { Video } from '@shared/schemas/catalogue';
import { useLanguage, useT } from '@/i18n/use-t';
import { errorCodeOf, messageOf } from '@/lib/messages';
import { selectToken, selectUser } from '@/lib/session';
import { type Playback, useStartPlaybackMutation } from '../api/start-playback';
import { attachHls, type HlsClass, type HlsSource, loadHls, type QualityLevel, type SourceFailure } from '../lib/hls-source';
import { useHeartbeat } from '../lib/use-heartbeat';
import { clock, connectionOf, keepPlayback, keepPosition, livePlaybackId, livePosterLink, megabytesText, resumeAt, SPEEDS } from '../lib/playback';
import { saverLevels, setDataSaver } from '../lib/data-saver';
import { useDataSaver } from '../lib/use-data-saver';
import { Watermark } from './watermark';
import './video-player.css';

/** Issue 41: `elsewhere` — another device of the student streams (409 playback.elsewhere); `takenOver` — another device took this stream (409 playback.takenOver). */
type Phase =
  | { state: 'idle' }
  | { state: 'starting' }
  | { state: 'ready'; playback: Playback }
  | { state: 'failed'; error: unknown; retry: boolean }
  | { state: 'elsewhere' }
  | { state: 'takenOver' };

const FAILURE_TEXT: Record<SourceFailure, 'player.networkFailed' | 'player.mediaFailed' | 'player.unsupported'> = {
  network: 'player.networkFailed',
  media: 'player.mediaFailed',
  unsupported: 'player.unsupported',
};

/** How long the player waits for the poster before it loads the video anyway. */
const POSTER_WAIT_MS = 3000;
/** Settles once the image has loaded or failed (the <video poster> shares the request), or after `ms`. */
const imageLoaded = (src: string, ms: number) =>
  new Promise<void>((resolve) => {
    const img = new Image();
    img.onload = img.onerror = () => resolve();
    img.src = src;
    setTimeout(resolve, ms);
  });

/**
 * The server's rungs as the quality menu's levels before hls.js has read the playlist (lowest first,
 * as hls.js orders them). An answer without them (a stale or foreign one) leaves the menu to hls.js.
 */
const levelsOf = (rungs: Playback['rungs'] | undefined): QualityLevel[] =>
  [...(rungs ?? [])].sort((a, b) => a.bandwidth - b.bandwidth).map((r, index) => ({ index, height: r.height, bandwidth: r.bandwidth }));

/** Keys from the player's own controls (they handle their own keys: a select's arrows, a range's). */
const ownKeys = (target: EventTarget) => target instanceof HTMLSelectElement || target instanceof HTMLInputElement || target instanceof HTMLButtonElement;

/**
 * Issue 16: one video of a lecture, as HLS behind the playback cookies. The player asks the server
 * to start a playback (startPlayback: the rules that let this student watch it now; the cookies come
 * back with it), then plays its playlist: quality (auto + each rung) and speed menus, the position
 * kept per video (resumed past the first seconds, not near the end), the views left, and the
 * signed-in student's phone and name over the picture. A new playback is a view (counted by the
 * server as it starts, issue 36): under a view limit it starts when the student presses play, and a
 * playback of theirs that still lives (a reload, a retry) is resumed for free; without a limit it
 * starts as the player opens. The controls are ours, and the fullscreen element is the player's
 * box, so the watermark is in fullscreen too. `preview`: an admin's look (no watermark, no view).
 * `endCard`: shown over the picture once the video has played to its end (its quiz), with 'Watch
 * again', until it plays again. One stream at a time (issue 41): a student's playing video reports
 * (the heartbeat, with the spans played); started while another device streams, it asks "watch here
 * instead?" and takes the stream over; taken over by another device, it stops and offers the same.
 */
export function VideoPlayer({ lectureId, video, preview = false, endCard }: { lectureId: string; video: Video; preview?: boolean; endCard?: ReactNode }) {
  const t = useT();
  const language = useLanguage();
  const user = useSelector(selectUser);
  const token = useSelector(selectToken);
  const [startPlayback] = useStartPlaybackMutation();
  // Under a view limit a start costs a view: it waits for play, unless a playback of this student's lives.
  const [requested, setRequested] = useState(() => preview || typeof video.viewsLeft !== 'number' || livePlaybackId(video.id) !== undefined);
  const [phase, setPhase] = useState<Phase>(() => (requested ? { state: 'starting' } : { state: 'idle' }));
  const [attempt, setAttempt] = useState(0);
  const [sourceFailure, setSourceFailure] = useState<SourceFailure>();
  const [viewsLeft, setViewsLeft] = useState<number | null | undefined>(video.viewsLeft);
  const [levels, setLevels] = useState<QualityLevel[]>([]);
  /** The rung the student chose (its height), -1: automatic. */
  const [chosenHeight, setChosenHeight] = useState(-1);
  const chosen = useRef(-1);
  const [playingLevel, setPlayingLevel] = useState<number>();
  const [speed, setSpeed] = useState(1);
  const [playing, setPlaying] = useState(false);
  const [ended, setEnded] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [time, setTime] = useState({ at: 0, duration: 0 });
  const [muted, setMuted] = useState(false);
  // 'native': the browser's fullscreen; 'window': the box fills the window (where an element cannot go fullscreen).
  const [fullscreen, setFullscreen] = useState<'off' | 'native' | 'window'>('off');
  const [resumedAt, setResumedAt] = useState<number>();
  // Issue 44: the data saver (this device's choice, or the connection's) and what this video has loaded on this page.
  const saver = useDataSaver();
  const saverOn = useRef(saver.on);
  saverOn.current = saver.on;
  const [bytesUsed, setBytesUsed] = useState(0);
  const box = useRef<HTMLDivElement>(null);
  const videoEl = useRef<HTMLVideoElement>(null);
  /** From the start again (the end card's 'Watch again'). */
  const replay = useCallback(() => {
    const el = videoEl.current;
    if (!el) return;
    el.currentTime = 0;
    void el.play();
  }, []);
  const source = useRef<HlsSource | null>(null);
  /** Play pressed before the playback had started (under a view limit): it plays once started. */
  const intent = useRef<'play' | undefined>(undefined);
  const keptAt = useRef(0);
  /**
   * Until the source loads: play pressed (load, then play) or a seek made (load there, without
   * playing). In the same tap when hls.js is already here.
   */
  const interact = useRef<((what: 'play' | 'seek') => void) | null>(null);
  /** Where the media is to start once it loads (a resume position, a seek before it had loaded). */
  const startAt = useRef<number | undefined>(undefined);
  /** The next start takes the stream over from another device (the student said "watch here"). */
  const takeOver = useRef(false);

  // Start the playback (or resume the live one): the server's rules and the cookies, then the playlist.
  useEffect(() => {
    if (!requested) return;
    let live = true;
    const taking = takeOver.current;
    takeOver.current = false;
    startPlayback({ lectureId, videoId: video.id, playbackId: livePlaybackId(video.id), ...(taking ? { takeOver: true } : {}) })
      .unwrap()
      .then(
        (playback) => {
          keepPlayback(video.id, playback);
          if (!live) return;
          setViewsLeft(playback.viewsLeft);
          // The kept position: the media starts loading there, not at 0 and then a seek.
          // Issue 42: the server's furthest point (any device) first, unless the video was completed.
          const resume = (playback.resumeAt ?? 0) > 0 ? playback.resumeAt : resumeAt(video.id, playback.durationSeconds ?? NaN);
          startAt.current = resume;
          setResumedAt(resume);
          // The length is the server's until the video's own metadata has come.
          setTime((tm) => ({ at: resume ?? tm.at, duration: tm.duration || playback.durationSeconds || 0 }));
          // The quality menu before hls.js has read the playlist.
          setLevels(levelsOf(playback.rungs));
          setPhase({ state: 'ready', playback });
        },
        (error: unknown) => {
          if (!live) return;
          const code = errorCodeOf(error);
          if (code === 'playback.elsewhere') return setPhase({ state: 'elsewhere' });
          // A refusal by the rules stays; a failed call may be tried again.
          setPhase({ state: 'failed', error, retry: !(code === 'video.viewLimit' || code === 'video.locked' || code === 'lecture.notOwned') });
        },
      );
    return () => {
      live = false;
    };
  }, [startPlayback, lectureId, video.id, attempt, requested]);

  const playback = phase.state === 'ready' ? phase.playback : undefined;
  // Issue 41: another device took the stream: this one stops (the overlay offers to take it back).
  const onTakenOver = useCallback(() => {
    videoEl.current?.pause();
    // Said here: the source's teardown (as the phase leaves 'ready') drops the pause event still queued.
    setPlaying(false);
    setPhase({ state: 'takenOver' });
  }, []);
  const report = useHeartbeat({ lectureId, videoId: video.id, playbackId: preview ? undefined : playback?.playbackId, video: videoEl, playing, onTakenOver, userId: user?.id });
  // The lecture's poster link (issue 14) paints before the playback starts; the playback's (behind its
  // cookies) stands in when the lecture gave none, or gave it so long ago that it has run out (a page
  // left open through a long video). One URL for the player's life: one request.
  const [lecturePoster] = useState(() => livePosterLink(video.posterUrl));
  const poster = lecturePoster ?? playback?.posterUrl;
  useEffect(() => {
    const el = videoEl.current;
    if (!el || !playback) return;
    let live = true;
    // The poster first: on a phone's link hls.js (95 kB) would compete with it for the first
    // picture. Then the first segment of the lowest rung (or the chosen one) at the kept position:
    // play starts at once (0.3 s after the tap on a 1.6 Mbit/s link, against 4.7 s when nothing was
    // loaded before: npm run bench:player), and the first picture and the length are there without
    // a poster. A student whose browser asks to save data (Save-Data) gets the master playlist only
    // until play or a seek, when the server gave the poster and the length to show meanwhile: the
    // segment (about 400 kB) is not spent on a lecture opened to read it or to reach its quiz. (The
    // data saver alone, issue 44, keeps the preview: one segment of the lowest rung, and a quick start.)
    const deferred = Boolean(connectionOf()?.saveData && poster && playback.durationSeconds);
    let Hls: HlsClass | undefined;
    // Play pressed before the start (a view limit): no waiting for the poster, it plays once attached.
    let wanted: 'play' | 'seek' | undefined = intent.current;
    intent.current = undefined;
    const attach = () => {
      if (!live || !Hls) return;
      if (!source.current) {
        source.current = attachHls(Hls, el, playback.playlistUrl, {
          mode: wanted === 'play' ? 'play' : wanted === 'seek' || !deferred ? 'preview' : 'idle',
          startPosition: startAt.current,
          chosenHeight: () => (chosen.current === -1 ? undefined : chosen.current),
          connection: connectionOf(),
          dataSaver: saverOn.current,
          token,
          onLevels: (l) => live && setLevels(l),
          onLevelSwitched: (i) => live && setPlayingLevel(i),
          onFatal: (f) => live && setSourceFailure(f),
          onLoaded: (bytes) => live && setBytesUsed((used) => used + bytes),
        });
      } else if (wanted) source.current.start(wanted === 'play', startAt.current);
      // Idle: it waits for play or a seek.
      if (!wanted && deferred) return;
      interact.current = null;
      if (wanted === 'play') void el.play().catch(() => {});
    };
    let hurry = () => {};
    const pressed = new Promise<void>((resolve) => (hurry = resolve));
    interact.current = (what) => {
      if (what === 'play' || !wanted) wanted = what;
      if (Hls) attach();
      else hurry();
    };
    void (poster && !wanted ? Promise.race([imageLoaded(poster, POSTER_WAIT_MS), pressed]) : Promise.resolve())
      .then(() => (live ? loadHls() : undefined))
      .then(
        (loaded) => {
          if (!live || !loaded) return;
          Hls = loaded;
          attach();
        },
        () => live && setSourceFailure('network'),
      );
    return () => {
      live = false;
      interact.current = null;
      keepPosition(video.id, el.currentTime, el.duration);
      source.current?.destroy();
      source.current = null;
    };
    // The token only signs the AES key's request; a new token does not restart the video.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [playback, video.id, poster]);

  // The saver turned on or off (here, on /profile, in another tab): the cap follows at once, the video
  // plays on; a rung chosen above the saver's two goes back to automatic.
  useEffect(() => {
    source.current?.setDataSaver(saver.on);
    if (saver.on && chosen.current !== -1 && !saverLevels(levels).some((l) => l.height === chosen.current)) chooseLevel(-1);
    // chooseLevel reads refs only; the levels are read as they are when the saver changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [saver.on]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement && document.fullscreenElement === box.current ? 'native' : 'off');
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const onTimeUpdate = useCallback(() => {
    const el = videoEl.current;
    if (!el) return;
    setTime({ at: el.currentTime, duration: el.duration });
    if (Math.abs(el.currentTime - keptAt.current) >= 5) {
      keptAt.current = el.currentTime;
      keepPosition(video.id, el.currentTime, el.duration);
    }
  }, [video.id]);

  function onLoadedMetadata(e: SyntheticEvent<HTMLVideoElement>) {
    // The element the event is for: the ref is already null when it comes after the player has gone
    // (a student who moves to the next video while this one loads: "Cannot set properties of null").
    const el = e.currentTarget;
    el.playbackRate = speed;
    // hls.js starts at its startPosition; the browser's own HLS, and a seek made while the media
    // loaded, are moved there now.
    const at = startAt.current === undefined ? undefined : Math.min(startAt.current, el.duration);
    startAt.current = undefined;
    if (at !== undefined && Math.abs(el.currentTime - at) > 0.5) el.currentTime = at;
    setTime({ at: at ?? el.currentTime, duration: el.duration });
  }
  /** The position: the media's, or before it has loaded, where it will start. */
  const position = (el: HTMLVideoElement) => (Number.isFinite(el.duration) ? el.currentTime : (startAt.current ?? 0));

  const togglePlay = () => {
    const el = videoEl.current;
    if (!el) return;
    // Not started (a view limit): play starts the playback, a view, and plays once it is there.
    if (phase.state === 'idle') {
      intent.current = 'play';
      setPhase({ state: 'starting' });
      setRequested(true);
      return;
    }
    // Not attached yet: attached now (or once hls.js is here), then it plays.
    if (interact.current) return interact.current('play');
    if (el.paused) void el.play().catch(() => {});
    else el.pause();
  };
  const seekTo = (at: number) => {
    const el = videoEl.current;
    if (!el) return;
    // No media yet (nothing is fetched before play, or it is loading): the server's length bounds
    // the seek; the media starts loading there, without playing.
    const loaded = Number.isFinite(el.duration);
    if (!loaded && !(time.duration > 0)) return;
    const target = Math.min(Math.max(0, at), loaded ? el.duration : time.duration);
    if (loaded) {
      el.currentTime = target;
      return;
    }
    startAt.current = target;
    setTime((tm) => ({ ...tm, at: target }));
    interact.current?.('seek');
  };
  /** "Watch here": start again, taking the stream over from the other device, and play. */
  function watchHere() {
    takeOver.current = true;
    intent.current = 'play';
    retry();
  }
  function retry() {
    setPhase({ state: 'starting' });
    setSourceFailure(undefined);
    setAttempt((n) => n + 1);
  }
  function chooseLevel(height: number) {
    setChosenHeight(height);
    chosen.current = height;
    // Not attached yet, or the playlist not read: hls.js starts at this rung (chosenHeight).
    const index = source.current?.levels.findIndex((l) => l.height === height);
    if (height === -1) source.current?.setLevel(-1);
    else if (index !== undefined && index >= 0) source.current?.setLevel(index);
  }
  function chooseSpeed(rate: number) {
    setSpeed(rate);
    if (videoEl.current) videoEl.current.playbackRate = rate;
  }
  async function toggleFullscreen() {
    const el = box.current;
    if (!el) return;
    if (document.fullscreenElement) return void (await document.exitFullscreen().catch(() => {}));
    if (fullscreen === 'window') return setFullscreen('off');
    // Where an element cannot go fullscreen (iPhone), the box fills the window instead (CSS).
    if (el.requestFullscreen) await el.requestFullscreen().catch(() => setFullscreen('window'));
    else setFullscreen('window');
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const own = ownKeys(e.target);
    const el = videoEl.current;
    if (!el) return;
    if ((e.key === ' ' || e.key === 'k') && !own) togglePlay();
    else if (e.key === 'ArrowLeft' && !own) seekTo(position(el) - 5);
    else if (e.key === 'ArrowRight' && !own) seekTo(position(el) + 5);
    else if (e.key === 'f') void toggleFullscreen();
    else if (e.key === 'm') el.muted = !el.muted;
    else return;
    e.preventDefault();
  }

  const failure =
    phase.state === 'failed' ? messageOf(phase.error, t, 'player.startFailed') : sourceFailure ? t(FAILURE_TEXT[sourceFailure]) : undefined;
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : '';
  const menuLevels = saver.on ? saverLevels(levels) : levels;
  const playingHeight = playingLevel !== undefined ? levels[playingLevel]?.height : undefined;
  const autoLabel = chosenHeight === -1 && playingLevel !== undefined && levels[playingLevel] ? t('player.autoAt', { height: levels[playingLevel]!.height }) : t('player.auto');

  return (
    <div className="vp-wrap">
      <div
        ref={box}
        className={`vp${fullscreen !== 'off' ? ' is-fullscreen' : ''}${fullscreen === 'window' ? ' is-pseudo-fullscreen' : ''}`}
        onKeyDown={onKeyDown}
        role="group"
        aria-label={t('player.label', { name: video.videoName || video.name })}
        data-testid="player"
      >
        <div className="vp-stage">
          <video
            ref={videoEl}
            data-testid="lecture-video"
            playsInline
            poster={poster}
            preload="metadata"
            controlsList="nodownload"
            disablePictureInPicture
            onContextMenu={(e) => e.preventDefault()}
            onClick={togglePlay}
            onPlay={() => {
              setPlaying(true);
              setEnded(false);
            }}
            onEnded={() => setEnded(true)}
            onPause={() => {
              setPlaying(false);
              const el = videoEl.current;
              if (el) keepPosition(video.id, el.currentTime, el.duration);
              // Paused or ended: the spans played so far (not after the stream was taken).
              if (phase.state === 'ready') report(el);
            }}
            onWaiting={() => setWaiting(true)}
            onPlaying={() => setWaiting(false)}
            onTimeUpdate={onTimeUpdate}
            onDurationChange={() => setTime((tm) => ({ ...tm, duration: videoEl.current?.duration || tm.duration }))}
            onLoadedMetadata={onLoadedMetadata}
            onVolumeChange={() => setMuted(videoEl.current?.muted ?? false)}
          />
          {!preview && user && phase.state === 'ready' && <Watermark phone={user.mobileNumber} name={name} />}
          {preview && <span className="vp-preview-mark">{t('player.preview')}</span>}
          {ended && endCard && (
            <div className="vp-overlay vp-end-card" data-testid="player-end-card">
              {endCard}
              <button type="button" className="button button-ghost vp-end-replay" onClick={replay}>
                {t('cat.watchAgain')}
              </button>
            </div>
          )}
          {(phase.state === 'starting' || (waiting && !failure)) && (
            <div className="vp-overlay" role="status">
              <span className="vp-busy" aria-hidden="true" />
              <span className="visually-hidden">{t('loading')}</span>
            </div>
          )}
          {(phase.state === 'elsewhere' || phase.state === 'takenOver') && (
            <div className="vp-overlay vp-failure" role="alertdialog" aria-labelledby="vp-stream-title" aria-describedby="vp-stream-text" data-testid="player-elsewhere">
              <strong id="vp-stream-title" dir="auto">
                {t('stream.elsewhereTitle')}
              </strong>
              <p id="vp-stream-text" dir="auto">
                {t(phase.state === 'elsewhere' ? 'stream.elsewhereText' : 'stream.takenOver')}
              </p>
              <button type="button" className="button button-primary" onClick={watchHere}>
                {t('stream.watchHere')}
              </button>
            </div>
          )}
          {failure && (
            <div className="vp-overlay vp-failure" role="alert" data-testid="player-failure">
              <p dir="auto">{failure}</p>
              {(phase.state === 'failed' ? phase.retry : true) && (
                <button type="button" className="button button-primary" onClick={retry}>
                  {t('player.retry')}
                </button>
              )}
            </div>
          )}
        </div>
        {/* The timeline runs left to right in both languages; the labels are in the interface's language. */}
        <div className="vp-controls" dir="ltr">
          <button type="button" className="vp-button" onClick={togglePlay} aria-label={t(playing ? 'player.pause' : 'player.play')} disabled={phase.state !== 'ready' && phase.state !== 'idle'}>
            {playing ? <PauseGlyph /> : <PlayGlyph />}
          </button>
          <span className="vp-time" aria-hidden="true">
            {clock(time.at)}
          </span>
          <input
            type="range"
            className="vp-seek"
            min={0}
            max={Number.isFinite(time.duration) && time.duration > 0 ? time.duration : 0}
            step={1}
            value={Math.min(time.at, time.duration || 0)}
            onChange={(e) => seekTo(Number(e.target.value))}
            aria-label={t('player.seek')}
            aria-valuetext={t('player.position', { at: clock(time.at), duration: clock(time.duration) })}
            disabled={phase.state !== 'ready' || !time.duration}
          />
          <span className="vp-time" aria-hidden="true">
            {clock(time.duration)}
          </span>
          <button type="button" className="vp-button vp-mute" onClick={() => videoEl.current && (videoEl.current.muted = !videoEl.current.muted)} aria-label={t(muted ? 'player.unmute' : 'player.mute')} aria-pressed={muted}>
            {muted ? <MutedGlyph /> : <SoundGlyph />}
          </button>
          <label className="vp-menu">
            <span className="visually-hidden">{t('player.speed')}</span>
            <select dir="auto" value={speed} onChange={(e) => chooseSpeed(Number(e.target.value))} data-testid="speed-menu">
              {SPEEDS.map((s) => (
                <option key={s} value={s}>
                  {s}×
                </option>
              ))}
            </select>
          </label>
          {/* Its place and width are kept from the first paint: the menu arriving with the playlist, or its
              "Auto (240p)" growing, wrapped a phone's control row to one more line and pushed the page down
              (a layout shift Lighthouse counted on the lecture page). */}
          <label className={`vp-menu vp-quality${levels.length > 0 ? '' : ' is-pending'}`} aria-hidden={levels.length > 0 ? undefined : true}>
            <span className="visually-hidden">{t('player.quality')}</span>
            <select dir="auto" value={chosenHeight} onChange={(e) => chooseLevel(Number(e.target.value))} disabled={levels.length === 0} tabIndex={levels.length > 0 ? undefined : -1} data-testid={levels.length > 0 ? 'quality-menu' : undefined}>
              <option value={-1}>{autoLabel}</option>
              {menuLevels.map((l) => (
                <option key={l.index} value={l.height}>
                  {l.height}p
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            className="vp-button vp-saver"
            onClick={() => setDataSaver(saver.on ? 'off' : 'on')}
            aria-pressed={saver.on}
            aria-label={t('player.dataSaver')}
            title={t(saver.on ? 'player.dataSaverOn' : 'player.dataSaverOff')}
            data-testid="player-data-saver"
          >
            <SaverGlyph />
            <span className="vp-saver-label" aria-hidden="true">
              {t('player.dataSaver')}
            </span>
          </button>
          <button type="button" className="vp-button vp-fullscreen" onClick={() => void toggleFullscreen()} aria-label={t(fullscreen !== 'off' ? 'player.exitFullscreen' : 'player.fullscreen')} data-testid="fullscreen">
            <FullscreenGlyph exit={fullscreen !== 'off'} />
          </button>
        </div>
      </div>
      {/* A line of its own, there from the first paint: the figures arriving later beside the resume line
          wrapped it onto a second line and pushed the page down (a layout shift). Not read out as it grows
          (a segment every few seconds); the student reads it when they look. The MB first, the rung after
          it in a text of its own: the rung arriving later moves nothing. */}
      <p className="vp-usage muted" aria-live="off">
        {(playingHeight !== undefined || bytesUsed > 0) && (
          <span data-testid="player-usage">
            <span>{t('player.used', { mb: megabytesText(bytesUsed, language) })}</span>
            {playingHeight !== undefined && <span> · {t('player.playingRung', { height: playingHeight })}</span>}
          </span>
        )}
      </p>
      <p className="vp-meta muted" aria-live="polite">
        {viewsLeft !== null && viewsLeft !== undefined && (
          <span data-testid="views-left" className={viewsLeft === 0 ? 'is-last' : undefined}>
            {viewsLeft === 0 ? t('player.noViewsLeft') : t('player.viewsLeft', { n: viewsLeft })}
          </span>
        )}
        {phase.state === 'idle' && viewsLeft !== 0 && <span data-testid="start-uses-view">{t('player.startUsesView')}</span>}
        {resumedAt !== undefined && (
          <span>
            {t('player.resumed', { at: clock(resumedAt) })}{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                seekTo(0);
                setResumedAt(undefined);
              }}
            >
              {t('player.startOver')}
            </button>
          </span>
        )}
      </p>
    </div>
  );
}

const glyph = { width: 22, height: 22, viewBox: '0 0 24 24', 'aria-hidden': true, fill: 'currentColor' } as const;
const PlayGlyph = () => (
  <svg {...glyph}>
    <path d="M7 4.5v15l12.5-7.5z" />
  </svg>
);
const PauseGlyph = () => (
  <svg {...glyph}>
    <path d="M6 4h4v16H6zM14 4h4v16h-4z" />
  </svg>
);
const SoundGlyph = () => (
  <svg {...glyph}>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
const MutedGlyph = () => (
  <svg {...glyph}>
    <path d="M4 9h4l5-4v14l-5-4H4z" />
    <path d="M16 9l5 6M21 9l-5 6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
  </svg>
);
/** A ring with a gap and a plus: the data saver's sign on Android phones. */
const SaverGlyph = () => (
  <svg {...glyph} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d="M13.5 3.1A9 9 0 1 1 3.1 10.5M10.5 3.1a9 9 0 0 0-5.2 3.1M12 8v8M8 12h8" />
  </svg>
);
const FullscreenGlyph = ({ exit }: { exit: boolean }) => (
  <svg {...glyph} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
    <path d={exit ? 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5' : 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5'} />
  </svg>
);
