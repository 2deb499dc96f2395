/**
 * What the quizzes domain offers the other domains (import only this file from outside quizzes/):
 *
 * - `lockedVideosFor(viewer, videos)`: the quiz gate for a lecture's videos, each locked one with
 *   its reason (the catalogue composes it after entitlement when a lecture is opened);
 * - `gatePlan(viewer, videos)`: the same gate as the keys to read and the locks from what was read,
 *   so the lecture open reads it in the BatchGet of the purchase;
 * - `lockedVideos(videos, passed, existing)`: the gate's pure rule;
 * - types `GatedVideo`, `VideoLock`.
 *
 * It reaches no catalogue module (the quizzes domain imports catalogue/public.ts), so no cycle.
 */
export { type GatedVideo, type GatePlan, type VideoLock, gatePlan, lockedVideos, lockedVideosFor } from './gate';
