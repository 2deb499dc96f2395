/**
 * Protected playback (issue 16): cookies for a video's HLS only under today's rules — entitled
 * (canWatch), the quiz gate open for that video, the asset ready, views left. A playback is one view,
 * counted when it starts (issue 36: never on the player's word), and lives the video's length plus a
 * margin; a start that names the student's live playback of that video resumes it (new cookies, the
 * same expiry, no view). The AES key goes only to whoever holds an unexpired playback of that asset.
 */
import { ulid } from 'ulid';
import { playbackSeconds } from '../../shared/video';
import { type LectureRecord, lectureWithVideos, type VideoRecord } from '../data/lecture-repo';
import { purchaseAlong, purchaseKeyOf } from '../data/purchase-repo';
import { termPurchaseKeyOf, toTermPurchase } from '../data/term-purchase-repo';
import { lectureViewsKey, type PlaybackRecord, playbackOf, playbackOfAssetUntil, recordPlayback, viewCountsOf, viewsOfLecture } from '../data/video-view-repo';
import { STREAM_LIVE_SECONDS } from '../../shared/constants';
import { noteStreamTakenOver } from '../auth/public';
import { claimStream, hearStream, streamHolder } from '../data/stream-repo';
import { noteUserActive, userById } from '../data/user-repo';
import { addWatched, toWatchRecord, watchKeyOf, type WatchRecord, watchOf } from '../data/watch-repo';
import type { Span } from '../../shared/watched-seconds';
import { Conflict, Forbidden, NotFound } from '../lib/errors';
import type { ItemKey } from '../lib/http';
import { cookiesForAsset } from '../lib/media-cookies';
import { sitePath } from '../lib/media-urls';
import { type AssetRecord, assetIdOfKey, assetKeyOf, hlsMasterKey, hlsPrefixOf } from '../media/public';
import { gatePlan, type VideoLock } from '../quizzes/public';
import { canWatch, entitlementOf, type Viewer } from './access';
import { classReads } from './class-reads';
import { assertTermOpen } from './terms';

/** The lecture's limit as a number, or null: no limit. */
export const viewLimitOf = (l: Pick<LectureRecord, 'viewLimit'>): number | null => (typeof l.viewLimit === 'number' && l.viewLimit > 0 ? l.viewLimit : null);
/** Views left of one video: null without a limit (and for an admin). */
export const viewsLeftOf = (limit: number | null, views: number | undefined): number | null => (limit === null ? null : Math.max(0, limit - (views ?? 0)));

/** The site path of an asset's master playlist (a lecture's signedUrl; plays only with the cookies). */
export const playlistPathOf = (assetId: string) => sitePath(hlsMasterKey(assetId));

export interface StudentView {
  lecture: LectureRecord;
  videos: VideoRecord[];
  /** The lecture's own purchase, or its term's bundle (access.ts entitlementOf): its dates. */
  purchase?: { purchaseDate: string; expiryDate: string };
  watch: boolean;
  /** The quiz gate's locks (only when the viewer may watch). */
  locks: Map<string, VideoLock>;
  /** The quizzes of the videos this student has passed (only when the viewer may watch). */
  passed: ReadonlySet<string>;
  /** Views per video id (students). */
  views: Map<string, number>;
  /** The asset of each video source. */
  assets: Map<string, AssetRecord>;
  /** This student's watching per video id (students; AP100, read with the purchase). */
  watching: Map<string, WatchRecord>;
}

/**
 * A lecture as this viewer may use it: the lecture and its assets are the class's (class-reads.ts);
 * a student's own records — purchase, quiz results (the gate, each video's quiz passed), views (under a view limit) — are
 * one BatchGet; which of the gating quizzes exist is a class read too (quizzes/gate.ts).
 */
export async function lectureForViewer(id: string, viewer: Viewer, now = new Date()): Promise<StudentView> {
  const reads = classReads(viewer);
  const lw = await reads.lecture(id);
  if (!lw) throw new NotFound('Lecture not found', 'lecture.notFound');
  const { lecture, videos } = lw;
  const assetsRead = reads.assets(videos.map((v) => v.key));
  if (viewer.isAdmin) return { lecture, videos, watch: true, locks: new Map(), passed: new Set(), views: new Map(), assets: await assetsRead, watching: new Map() };
  const plan = gatePlan(viewer, videos);
  const [own, existing, term, assets] = await Promise.all([
    purchaseAlong(viewer.userId, id, alongThePurchase(plan.keys, lecture, viewer.userId, videos), viewer.readAlong),
    plan.existing(),
    reads.term(lecture.termId),
    assetsRead,
  ]);
  if (lecture.archived && !own.purchase) throw new NotFound('Lecture not found', 'lecture.notFound');
  assertTermOpen(term, viewer);
  const [bundle, ...gate] = own.also;
  const viewsAt = plan.keys.length;
  const watchAt = viewsAt + (viewLimitOf(lecture) === null ? 0 : 1);
  const purchase = entitlementOf(own.purchase, toTermPurchase(bundle), now);
  const watch = canWatch(viewer, lecture, purchase, now);
  return {
    lecture,
    videos,
    purchase,
    watch,
    locks: watch ? plan.locks(gate.slice(0, plan.keys.length), existing) : new Map(),
    passed: watch ? plan.passed(gate.slice(0, plan.keys.length)) : new Set(),
    views: viewLimitOf(lecture) === null ? new Map() : viewCountsOf(gate[viewsAt]),
    assets,
    watching: watchingOf(videos, gate.slice(watchAt)),
  };
}

/**
 * What a lecture open reads with the purchase: the term's bundle (AP85), the quiz gate's results, then
 * the student's views of the lecture — only when it has a view limit (without one, no video has views
 * left to show or check) — and their watching of each video (AP100: the cards' progress, the resume).
 */
const alongThePurchase = (gateKeys: ItemKey[], lecture: LectureRecord, userId: string, videos: VideoRecord[]): ItemKey[] => [
  termPurchaseKeyOf(userId, lecture.termId),
  ...gateKeys,
  ...(viewLimitOf(lecture) === null ? [] : [lectureViewsKey(userId, lecture.id)]),
  ...videos.map((v) => watchKeyOf(userId, v.id)),
];

const watchingOf = (videos: VideoRecord[], items: (Record<string, unknown> | undefined)[]) =>
  new Map(videos.flatMap((v, i) => {
    const w = toWatchRecord(items[i]);
    return w ? [[v.id, w] as const] : [];
  }));

/**
 * A student's own items lectureForViewer reads (the purchase, the quiz gate's results, the views under
 * a limit), named from the lecture as the class reads it (kept a few seconds) before the session gate
 * runs, which reads them with the student's record (lib/http.ts readsAlong): the lecture open is one
 * store request. Should the lecture change in between, lectureForViewer reads what is missing itself.
 */
export async function ownKeysOfLecture(id: string, userId: string): Promise<ItemKey[]> {
  const lw = await classReads({ isAdmin: false }).lecture(id);
  if (!lw) return [];
  return [purchaseKeyOf(userId, id), ...alongThePurchase(gatePlan({ userId, isAdmin: false }, lw.videos).keys, lw.lecture, userId, lw.videos)];
}

export interface PlaybackStarted {
  body: {
    playlistUrl: string;
    expiresAt: string;
    viewsLeft: number | null;
    playbackId: string;
    resumed: boolean;
    rungs: { name: string; height: number; width: number; bandwidth: number }[];
    encrypted: boolean;
    posterUrl?: string;
    durationSeconds?: number;
    resumeAt: number;
  };
  cookies: string[];
}

const VIEW_LIMIT_REACHED = 'Every view of this video allowed by the lecture is used';

/** The student's playback `id` of this video, while it lives: the one a start resumes. */
async function livePlayback(viewer: Viewer, id: string | undefined, video: { lectureId: string; videoId: string; assetId: string }, now: Date): Promise<PlaybackRecord | undefined> {
  const p = id ? await playbackOf(viewer.userId, id) : undefined;
  return p && p.lectureId === video.lectureId && p.videoId === video.videoId && p.assetId === video.assetId && p.until > now.getTime() ? p : undefined;
}

const COUNT_TRIES = 5;

/**
 * Records a new playback and counts its view (an admin's look is none): under a limit, only while the
 * count is still the one checked against it — another start in between (another tab) makes it read
 * the count again. The views left after it (null: no limit); 403 video.viewLimit when none is left.
 */
async function countNewPlayback(p: Omit<PlaybackRecord, 'counted'>, isAdmin: boolean, limit: number | null, seen: number, now: Date): Promise<number | null> {
  if (isAdmin || limit === null) {
    await recordPlayback(p, isAdmin ? undefined : { seen: null }, now);
    return null;
  }
  let views = seen;
  for (let i = 0; i < COUNT_TRIES; i++) {
    if (viewsLeftOf(limit, views) === 0) throw new Forbidden(VIEW_LIMIT_REACHED, 'video.viewLimit');
    if (await recordPlayback(p, { seen: views }, now)) return viewsLeftOf(limit, views + 1);
    views = (await viewsOfLecture(p.userId, p.lectureId, true)).get(p.videoId) ?? 0;
  }
  throw new Conflict('This video is being started from elsewhere at the same moment; try again', 'conflict');
}

/**
 * Cookies for the video's HLS under today's rules. `resume`: the id of a playback this student
 * started before; while it lives it is resumed (no view, the same expiry). Otherwise a new playback
 * starts and its view is counted with it — refused (403 video.viewLimit, no cookies) once none is left.
 */
export async function startPlayback(lectureId: string, videoId: string, viewer: Viewer, resume?: string, now = new Date(), stream: { takeOver: boolean; userAgent?: string } = { takeOver: false }): Promise<PlaybackStarted> {
  const v = await lectureForViewer(lectureId, viewer, now);
  const video = v.videos.find((x) => x.id === videoId);
  if (!video) throw new NotFound('Video not found', 'video.notFound');
  const asset = v.assets.get(video.key);
  if (!v.watch) throw new Forbidden('Buy this lecture to watch its videos', 'lecture.notOwned');
  const lock = v.locks.get(video.id);
  if (lock) throw new Forbidden(`Pass the quiz of video ${lock.videoNumber} to open this one`, 'video.locked');
  if (!asset || asset.state !== 'ready') throw new Conflict(asset?.state === 'failed' ? `This video could not be prepared: ${asset.failure ?? 'the transcode failed'}` : 'This video is still being prepared', 'video.notReady');
  const limit = viewer.isAdmin ? null : viewLimitOf(v.lecture);
  const assetId = asset.assetId || assetIdOfKey(video.key);
  const resumed = await livePlayback(viewer, resume, { lectureId, videoId, assetId }, now);
  const playback = resumed ?? { playbackId: ulid(), until: now.getTime() + playbackSeconds(asset.durationSeconds) * 1000 };
  if (!viewer.isAdmin) await holdStream(viewer, playback.playbackId, now, stream);
  const viewsLeft = resumed ? viewsLeftOf(limit, v.views.get(video.id)) : await countNewPlayback({ ...playback, userId: viewer.userId, lectureId, videoId, assetId, ...(asset.durationSeconds ? { length: asset.durationSeconds } : {}) }, viewer.isAdmin, limit, v.views.get(video.id) ?? 0, now);
  const until = new Date(playback.until);
  return {
    body: {
      playlistUrl: playlistPathOf(assetId),
      expiresAt: until.toISOString(),
      viewsLeft,
      playbackId: playback.playbackId,
      resumed: resumed !== undefined,
      rungs: (asset.rungs ?? []).map(({ name, height, width, bandwidth }) => ({ name, height, width, bandwidth })),
      encrypted: asset.encrypted === true,
      ...(asset.poster ? { posterUrl: sitePath(hlsPrefixOf(assetId) + asset.poster) } : {}),
      ...(asset.durationSeconds ? { durationSeconds: asset.durationSeconds } : {}),
      resumeAt: resumeAtOf(v.watching.get(video.id)),
    },
    cookies: await cookiesForAsset(assetId, until),
  };
}

/** Where the player starts: the furthest point reached, unless the video was completed (then from the start). */
export const resumeAtOf = (w: Pick<WatchRecord, 'furthest' | 'completed'> | undefined) => (w && !w.completed ? w.furthest : 0);

const ELSEWHERE = 'This account is playing a video on another device right now';
const TAKEN_OVER = 'This account started playing on another device, so the video stopped here';
const jtiOf = (viewer: Viewer) => String(viewer.claims?.jti ?? '');

/**
 * A student plays one stream at a time (docs/devices.md): a start while another session of theirs was
 * heard from within STREAM_LIVE_SECONDS is refused (409 playback.elsewhere, no view counted) unless it
 * takes the stream over — that session's player stops at its next heartbeat, and the event (named by
 * the device that took it) counts towards the sharing flag.
 */
async function holdStream(viewer: Viewer, playbackId: string, now: Date, stream: { takeOver: boolean; userAgent?: string }): Promise<void> {
  const mine = { jti: jtiOf(viewer), playbackId, at: now.getTime() };
  const liveSince = now.getTime() - STREAM_LIVE_SECONDS * 1000;
  const claim = await claimStream(viewer.userId, mine, liveSince, stream.takeOver);
  if (claim !== 'elsewhere') {
    if (claim.tookFrom) await noteStreamTakenOver(viewer.userId, stream.userAgent, now);
    return;
  }
  // A session that has ended since (signed out, the same phone signed in again, its device removed)
  // holds nothing: the stream moves here without asking and without a sharing signal.
  const [holder, user] = await Promise.all([streamHolder(viewer.userId), userById(viewer.userId)]);
  if (!holder || !user || user.sessions.includes(holder)) throw new Conflict(ELSEWHERE, 'playback.elsewhere');
  await claimStream(viewer.userId, mine, liveSince, true);
}

/**
 * The player's heartbeat: the session holding the student's stream keeps it live; another session's
 * gets 409 playback.takenOver (its player stops). Its watched spans are merged into the student's
 * watching of the video (docs/watching.md). An admin's is only acknowledged.
 */
export async function hearPlayback(viewer: Viewer, target: { lectureId: string; videoId: string }, report: { playbackId: string; watched?: Span[] }, now = new Date()): Promise<void> {
  if (viewer.isAdmin) return;
  const [held, playback, was] = await Promise.all([
    hearStream(viewer.userId, { jti: jtiOf(viewer), playbackId: report.playbackId, at: now.getTime() }),
    playbackOf(viewer.userId, report.playbackId),
    report.watched?.length ? watchOf(viewer.userId, target.videoId, true) : undefined,
  ]);
  if (!held) throw new Conflict(TAKEN_OVER, 'playback.takenOver');
  await keepWatched(viewer.userId, target, playback, report.watched, now, was ?? null);
}

/** A report is taken a little past its playback's life (a pause near the end, the page hidden after it). */
const REPORT_GRACE_MS = 10 * 60 * 1000;

/**
 * The spans, merged for the student whose playback of this video `playback` is: it is what startPlayback
 * recorded under today's rules (entitled, gate open), so a report for a lecture the student cannot watch
 * has none — 404 playback.notFound.
 */
async function keepWatched(userId: string, target: { lectureId: string; videoId: string }, playback: PlaybackRecord | undefined, watched: Span[] | undefined, now: Date, was?: Awaited<ReturnType<typeof watchOf>> | null): Promise<void> {
  if (!playback || playback.lectureId !== target.lectureId || playback.videoId !== target.videoId || playback.until + REPORT_GRACE_MS < now.getTime()) {
    throw new NotFound('No playback of this video has this id', 'playback.notFound');
  }
  if (!watched?.length) return;
  await addWatched({ userId, ...target, ...(playback.length ? { length: playback.length } : {}) }, watched, now, was);
  // The users list's last-active order, written once per ACTIVE_EVERY_MS of watching a video, not per report.
  if (!was || Date.parse(was.lastAt) < now.getTime() - ACTIVE_EVERY_MS) await noteUserActive(userId, now.toISOString());
}

const ACTIVE_EVERY_MS = 10 * 60 * 1000;

/**
 * The report a closing page sends (navigator.sendBeacon carries no Authorization header): the playback
 * id is the capability — 80 random bits handed only to the student who started it, stored under that
 * student (AP59), naming its lecture and video, alive only for the video's length. It merges spans; it
 * does not keep the stream live.
 */
export async function hearPlaybackBeacon(target: { lectureId: string; videoId: string }, report: { userId: string; playbackId: string; watched: Span[] }, now = new Date()): Promise<void> {
  const playback = await playbackOf(report.userId, report.playbackId);
  await keepWatched(report.userId, target, playback, report.watched, now);
}

/** A player's view report (players before issue 36): counts nothing — the playback's start did — and answers the views left. */
export async function countVideoView(lectureId: string, videoId: string, playbackId: string, viewer: Viewer): Promise<{ viewsLeft: number | null }> {
  const [playback, lecture] = await Promise.all([playbackOf(viewer.userId, playbackId), classReads(viewer).lectureRecord(lectureId)]);
  if (!playback || playback.lectureId !== lectureId || playback.videoId !== videoId) throw new NotFound('No playback of this video has this id', 'playback.notFound');
  if (!lecture) throw new NotFound('Lecture not found', 'lecture.notFound');
  const limit = viewer.isAdmin ? null : viewLimitOf(lecture);
  return { viewsLeft: limit === null ? null : viewsLeftOf(limit, (await viewsOfLecture(viewer.userId, lectureId)).get(videoId)) };
}

/** For the admin's student page (users domain): each lecture's name, limit and videos' names, by id (absent: deleted). */
export async function lectureViewFacts(lectureIds: string[]): Promise<Map<string, { name: string; viewLimit: number | null; videos: Map<string, string> }>> {
  const found = await Promise.all([...new Set(lectureIds)].map((id) => lectureWithVideos(id)));
  return new Map(
    found.filter((lw) => lw !== undefined).map(({ lecture, videos }) => [lecture.id, { name: lecture.name, viewLimit: viewLimitOf(lecture), videos: new Map(videos.map((x) => [x.id, x.videoName])) }]),
  );
}

/**
 * The asset's AES-128 key (16 bytes): to an admin, or to a student whose latest playback of this
 * asset has not expired — the cookies' own rule, so the key goes exactly where the segments go.
 */
export async function videoKey(assetId: string, viewer: Viewer, now = Date.now()): Promise<Uint8Array> {
  if (!viewer.isAdmin) {
    const until = await playbackOfAssetUntil(viewer.userId, assetId);
    if (until === undefined || until <= now) throw new Forbidden('Start the video to get its key', 'playback.required');
  }
  const key = await assetKeyOf(assetId);
  if (!key) throw new NotFound('This video has no key', 'video.notFound');
  return key;
}
