/** Lectures with their videos: the admin's editing, the students' lists and the lecture page. */
import { decodeTime, isValid, ulid } from 'ulid';
import { LECTURE_ACCESS_DAYS_DEFAULT } from '../../shared/constants';
import type { Lecture } from '../../shared/schemas/catalogue';
import type { UploadedFile } from '../../shared/schemas/common';
import {
  type LectureRecord,
  type VideoRecord,
  addVideos as addVideoRecords,
  createLecture,
  deleteLectureIfUnpurchased,
  deleteVideo as deleteVideoRecord,
  updateVideo as updateVideoRecord,
  lectureById,
  lectureWithVideos,
  lecturesOfTerm,
  updateLecture as updateLectureRecord,
  videoById,
} from '../data/lecture-repo';
import { courseById } from '../data/course-repo';
import { addGradeNote } from '../data/notification-repo';
import { existingQuizIds } from '../data/quiz-repo';
import { type PurchaseRecord, purchaseKeyOf, purchasesOfLectures } from '../data/purchase-repo';
import { termPurchaseKeyOf, toTermPurchase } from '../data/term-purchase-repo';
import { getItems } from '../data/items';
import { sectionById } from '../data/section-repo';
import { termById } from '../data/term-repo';
import { BadRequest, Conflict, NotFound } from '../lib/errors';
import { logger } from '../lib/log';
import type { ItemKey } from '../lib/http';
import { posterUrlFor } from '../lib/media-cookies';
import { type AssetRecord, assetsOfSources, isStuck, restartTranscode, startSavedUploads } from '../media/public';
import { type Viewer, canWatch, entitlementOf, isUnexpired } from './access';
import { classReads } from './class-reads';
import { storeImage, uploadedVideoKeys } from './media';
import { lectureForViewer, playlistPathOf, resumeAtOf, viewLimitOf, viewsLeftOf } from './playback';
import { watchedPercent } from '../../shared/watched-seconds';
import type { WatchRecord } from '../data/watch-repo';
import { lecturePrice } from './pricing';
import { assertTermOpen } from './terms';
import { toLecture, toVideo } from './views';

export const LECTURE_DELETED = 'Lecture Deleted Successfully';

export interface VideoInput {
  videoUrl: string;
  videoName: string;
  quizId: string | null;
}

const purchaseDates = (p: Pick<PurchaseRecord, 'purchaseDate' | 'expiryDate'> | undefined, now = new Date()) => (p ? { purchaseDate: p.purchaseDate, expiryDate: p.expiryDate, expired: !isUnexpired(p, now) } : {});
/** When a video joined its lecture: its id's time (a ULID; none readable: long ago). */
const storedAt = (v: VideoRecord) => new Date(isValid(v.id) ? decodeTime(v.id) : 0);
/** A video's transcode state as the admin sees it: no asset yet is 'uploaded'; stuck when nothing was heard of it for too long. */
const assetState = (v: VideoRecord, a: AssetRecord | undefined) => ({
  state: a?.state ?? ('uploaded' as const),
  ...(a?.state === 'processing' ? { progress: a.progress ?? 0 } : {}),
  ...(a?.state === 'failed' ? { failure: a.failure ?? '' } : {}),
  ...(isStuck(a, storedAt(v)) ? { stuck: true as const } : {}),
});
/** A video's quiz id goes only to whoever may watch the lecture (the quiz they take to go on); others get null. */
const quizShownTo = (v: VideoRecord, watch: boolean): VideoRecord => (watch ? v : { ...v, quizId: null });
const adminVideo = (v: VideoRecord, asset?: AssetRecord) => toVideo(v, { videoUrl: v.key, ...assetState(v, asset), ...(asset?.state === 'ready' ? { signedUrl: playlistPathOf(asset.assetId) } : {}) });

/** A section's lectures (no video URLs): each marked whether this viewer may watch it. */
export async function listLectures(contentId: string, viewer: Viewer): Promise<Lecture[]> {
  const reads = classReads(viewer);
  const [section, lectures] = await Promise.all([reads.section(contentId), reads.sectionLectures(contentId)]);
  // The student's purchases of these lectures and the term's bundle: read with their session (ownKeysOfSection) unless the list changed since.
  const [purchases, bundle] = viewer.isAdmin || !section ? [[], undefined] : await Promise.all([purchasesOfLectures(viewer.userId, lectures.map(({ lecture }) => lecture.id), viewer.readAlong), bundleOf(viewer.userId, section.termId, viewer)]);
  if (!section) throw new NotFound('Content section not found', 'section.notFound');
  assertTermOpen(await reads.term(section.termId), viewer);
  const owned = new Map(purchases.map((p) => [p.lectureId, p]));
  const now = new Date();
  const listed = lectures.filter(({ lecture }) => !lecture.archived);
  const assets = await reads.assets(listed.flatMap(({ videos }) => videos.map((v) => v.key)));
  return listed
    .map(({ lecture, videos }) => {
      const p = entitlementOf(owned.get(lecture.id), bundle, now);
      const watch = canWatch(viewer, lecture, p, now);
      return toLecture(lecture, {
        // A student never sees a video that is not ready.
        videos: viewer.isAdmin ? videos.map((v) => adminVideo(v, assets.get(v.key))) : videos.filter((v) => assets.get(v.key)?.state === 'ready').map((v) => toVideo(quizShownTo(v, watch))),
        canWatch: watch,
        ...purchaseDates(p),
      });
    });
}

/**
 * A student's purchases of a section's lectures, named from the lectures as the class reads them (kept a
 * few seconds) before the session gate runs, which reads them with the student's record (lib/http.ts
 * readsAlong): the section's lectures are one store request.
 */
export async function ownKeysOfSection(contentId: string, userId: string): Promise<ItemKey[]> {
  const reads = classReads({ isAdmin: false });
  const [section, lectures] = await Promise.all([reads.section(contentId), reads.sectionLectures(contentId)]);
  return [...lectures.map(({ lecture }) => purchaseKeyOf(userId, lecture.id)), ...(section ? [termPurchaseKeyOf(userId, section.termId)] : [])];
}

/** The student's bundle of the term (AP85), from what the session gate read along when it did. */
async function bundleOf(userId: string, termId: string, viewer: Viewer) {
  const [item] = await getItems([termPurchaseKeyOf(userId, termId)], { along: viewer.readAlong });
  return toTermPurchase(item);
}

/** The term's lectures by name, for the admin's grant modal. */
export async function listTermLectures(termId: string): Promise<Lecture[]> {
  const [term, lectures] = await Promise.all([termById(termId), lecturesOfTerm(termId)]);
  if (!term) throw new NotFound('Term not found', 'term.notFound');
  return lectures.filter((l) => !l.archived).map((l) => toLecture(l));
}

export interface NewLecture {
  name: string;
  subtitle: string;
  price?: number;
  isFree?: boolean;
  accessDays?: number;
  /** Views per video (null or absent: no limit). */
  viewLimit?: number | null;
  contentId: string;
  imageFile: UploadedFile;
  videoUrls: VideoInput[];
  demoMarker?: string;
}

const newVideos = (lectureId: string, inputs: VideoInput[], keys: string[], firstOrder: number): VideoRecord[] =>
  inputs.map((v, i) => ({ id: ulid(), lectureId, videoName: v.videoName, key: keys[i]!, quizId: v.quizId, order: firstOrder + i }));

/** A video's quiz must be a quiz that exists (400 video.quiz): a gate on a missing quiz would lock the next videos for ever. */
async function assertQuizzesExist(quizIds: (string | null | undefined)[]) {
  const wanted = quizIds.filter((q): q is string => typeof q === 'string' && q !== '');
  const found = await existingQuizIds(wanted);
  const missing = wanted.find((q) => !found.has(q));
  if (missing) throw new BadRequest(`quizId ${missing} names no quiz`, 'video.quiz');
}

export async function saveLecture(input: NewLecture): Promise<Lecture> {
  await assertQuizzesExist(input.videoUrls.map((v) => v.quizId));
  const section = await sectionById(input.contentId);
  if (!section) throw new BadRequest('contentId does not name a content section', 'lecture.section');
  if (section.content === 'Quiz') throw new BadRequest("Lectures belong in a 'شرح محاضرات' or 'حل امتحانات' section, not in Quiz", 'lecture.quizSection');
  const keys = await uploadedVideoKeys(input.videoUrls);
  const imageKey = await storeImage(input.imageFile);
  const lecture: LectureRecord = {
    id: ulid(),
    name: input.name,
    subTitle: input.subtitle,
    ...lecturePrice(input),
    accessDays: input.accessDays ?? LECTURE_ACCESS_DAYS_DEFAULT,
    viewLimit: input.viewLimit ?? null,
    imageKey,
    // Spec 5: read-only, derived from the videos (the form's numberOfLectures is ignored).
    numberOfLectures: input.videoUrls.length,
    contentId: section.id,
    termId: section.termId,
    courseId: section.courseId,
    createdAt: new Date().toISOString(),
    ...(input.demoMarker ? { demoMarker: input.demoMarker } : {}),
  };
  const videos = newVideos(lecture.id, input.videoUrls, keys, 1);
  await createLecture(lecture, videos);
  // Its uploads waited for this save to be transcoded.
  await startSavedUploads(keys);
  await noteNewLecture(lecture);
  return withVideos({ lecture, videos });
}

/**
 * The course's school year hears of the lecture: one item (AP121), merged into each of its students'
 * lists when read, so a year of 10,000 students costs one write here. The lecture is saved already:
 * a failure here is logged, not answered (a second save would make a second lecture).
 */
async function noteNewLecture(lecture: LectureRecord): Promise<void> {
  try {
    const course = await courseById(lecture.courseId);
    if (!course?.schooleYear) return;
    await addGradeNote(course.schooleYear, { type: 'newLecture', lectureId: lecture.id, lectureName: lecture.name, courseName: course.name });
  } catch (e) {
    logger.error('the new lecture was saved, its notification was not', { lectureId: lecture.id, error: e });
  }
}

async function liveLecture(id: string) {
  const lw = await lectureWithVideos(id);
  if (!lw || lw.lecture.archived) throw new NotFound('Lecture not found', 'lecture.notFound');
  return lw;
}

/** The admin's view of a lecture: every video with its transcode state (read afresh). */
async function withVideos({ lecture, videos }: { lecture: LectureRecord; videos: VideoRecord[] }): Promise<Lecture> {
  const assets = await assetsOfSources(videos.map((v) => v.key));
  return toLecture(lecture, { videos: videos.map((v) => adminVideo(v, assets.get(v.key))) });
}

export async function updateLecture(
  id: string,
  input: { name?: string; subTitle?: string; price?: number; isFree?: boolean; accessDays?: number; viewLimit?: number | null; imageFile?: UploadedFile },
): Promise<Lecture> {
  const { lecture } = await liveLecture(id);
  const imageKey = input.imageFile ? await storeImage(input.imageFile) : undefined;
  await updateLectureRecord(id, { name: input.name, subTitle: input.subTitle, ...lecturePrice(input, lecture), accessDays: input.accessDays, viewLimit: input.viewLimit, imageKey });
  return withVideos(await liveLecture(id));
}

/** Appends videos after the last one; numberOfLectures follows. */
export async function addVideos(lectureId: string, inputs: VideoInput[]): Promise<Lecture> {
  const { lecture, videos } = await liveLecture(lectureId);
  await assertQuizzesExist(inputs.map((v) => v.quizId));
  const keys = await uploadedVideoKeys(inputs);
  const next = Math.max(0, ...videos.map((v) => v.order)) + 1;
  await addVideoRecords(lecture, newVideos(lecture.id, inputs, keys, next));
  await startSavedUploads(keys);
  return withVideos(await liveLecture(lectureId));
}

export async function deleteVideo(videoId: string) {
  const v = await videoById(videoId);
  if (!v) throw new NotFound('Video not found', 'video.notFound');
  await deleteVideoRecord(v);
  return { id: videoId, lectureId: v.lectureId, message: 'Video Deleted Successfully' };
}

/** The teacher's retry: the video's transcode starts again from its stored upload, if it failed or went quiet (409 otherwise). */
export async function startVideoTranscode(videoId: string) {
  const ref = await videoById(videoId);
  const v = ref && (await lectureWithVideos(ref.lectureId))?.videos.find((video) => video.id === videoId);
  if (!v) throw new NotFound('Video not found', 'video.notFound');
  const restart = await restartTranscode(v.key, storedAt(v));
  if (!restart.started && restart.why === 'sourceGone') throw new NotFound(`The uploaded file of this video is no longer stored (${v.key})`, 'video.notUploaded');
  if (!restart.started) throw new Conflict('Only a video whose preparation failed, or has made no progress for an hour, can be prepared again', 'video.notRetryable');
  return { message: 'Video preparation started again', data: adminVideo(v, restart.asset) };
}

export async function updateVideo(videoId: string, fields: { videoName?: string; quizId?: string | null }) {
  const v = await videoById(videoId);
  if (!v) throw new NotFound('Video not found', 'video.notFound');
  await assertQuizzesExist([fields.quizId]);
  const updated = await updateVideoRecord(v, fields);
  return { message: 'Video Updated Successfully', data: adminVideo(updated, (await assetsOfSources([updated.key])).get(updated.key)) };
}

/**
 * Never silently takes away what a student paid for: a lecture that was ever bought or granted
 * is archived (hidden from lists and from sale, still watchable by its owners) instead of deleted.
 */
export async function deleteLecture(id: string): Promise<{ id: string; message: string; archived?: true }> {
  const lw = await lectureWithVideos(id);
  if (!lw) throw new NotFound('Lecture not found', 'lecture.notFound');
  const archived = { id, message: LECTURE_DELETED, archived: true as const };
  if (lw.lecture.archived) return archived;
  if (!lw.lecture.firstPurchasedAt && (await deleteLectureIfUnpurchased(lw))) return { id, message: LECTURE_DELETED };
  await updateLectureRecord(id, { archived: true });
  return archived;
}

/** A video card's progress: the share watched, where the player resumes, completed. */
const watchedOfCard = (w: WatchRecord | undefined) => ({ percent: w ? watchedPercent(w.seconds, w.length) : 0, resumeAt: resumeAtOf(w), completed: w?.completed === true });

/**
 * One lecture with its videos. A student sees only the ready ones (never a video still being
 * prepared), each with its views left and, for a video with a quiz, whether they passed it; a viewer who may watch gets, for each video the quiz gate has
 * not locked, signedUrl = the master playlist's path — it plays only with the cookies of
 * startPlayback — and posterUrl, its poster as a signed URL (lib/media-cookies.ts: the page paints it
 * before the playback starts). An admin sees every video with its state, progress and failure.
 */
export async function getLecture(id: string, viewer: Viewer): Promise<Lecture> {
  const v = await lectureForViewer(id, viewer);
  const limit = viewLimitOf(v.lecture);
  const now = new Date();
  const videos = await Promise.all(
    v.videos.map(async (video) => {
      const asset = v.assets.get(video.key);
      const ready = asset?.state === 'ready';
      if (!viewer.isAdmin && !ready) return [];
      const lock = v.locks.get(video.id);
      const playable = v.watch && !lock && ready;
      return [
        toVideo(quizShownTo(video, v.watch), {
          ...(playable ? { signedUrl: playlistPathOf(asset.assetId) } : {}),
          ...(playable && asset.poster ? { posterUrl: await posterUrlFor(asset.assetId, asset.poster, now) } : {}),
          ...(lock ? { locked: lock } : {}),
          ...(!viewer.isAdmin && v.watch && video.quizId ? { quizPassed: v.passed.has(video.quizId) } : {}),
          ...(viewer.isAdmin ? { videoUrl: video.key, ...assetState(video, asset) } : { viewsLeft: viewsLeftOf(limit, v.views.get(video.id)), watched: watchedOfCard(v.watching.get(video.id)) }),
        }),
      ];
    }),
  );
  return toLecture(v.lecture, { videos: videos.flat(), canWatch: v.watch, ...purchaseDates(v.purchase) });
}

/**
 * For the payments feature: the lecture as it may be sold now — not archived, its term open
 * and its course still offered. Throws NotFound / Forbidden otherwise.
 */
export async function lectureForSale(id: string, viewer: Viewer): Promise<LectureRecord> {
  const lecture = await lectureById(id);
  if (!lecture || lecture.archived) throw new NotFound('Lecture not found', 'lecture.notFound');
  const [term, course] = await Promise.all([termById(lecture.termId), courseById(lecture.courseId)]);
  assertTermOpen(term, viewer);
  if (!course || course.archived) throw new NotFound('Lecture not found', 'lecture.notFound');
  return lecture;
}
