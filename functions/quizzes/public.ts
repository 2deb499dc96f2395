/**
 * What the quizzes domain offers the other domains (import only this file from outside quizzes/):
 *
 * - `gatePlan(viewer, videos)`: the quiz gate for a lecture's videos as the keys to read (the
 *   student's results, which the catalogue reads in the BatchGet of the purchase), which gating
 *   quizzes exist (a class read, kept a few seconds) and the locks (each with its reason) from what
 *   was read (the lecture open, a playback);
 * - `lockedVideos(videos, passed, existing)`: the gate's pure rule;
 * - types `GatedVideo`, `VideoLock`.
 *
 * It reaches no catalogue module (the quizzes domain imports catalogue/public.ts), so no cycle.
 */
export { type GatedVideo, type GatePlan, type VideoLock, gatePlan, lockedVideos } from './gate';
