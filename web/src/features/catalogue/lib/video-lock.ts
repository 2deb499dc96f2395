import type { Video } from '@shared/schemas/catalogue';
import type { MessageKey } from '@/i18n/en';

/**
 * Spec 8: why a video is locked. The server is the judge (spec 4's gate): a locked video comes
 * without a URL and with `locked: {reason: 'quiz', videoNumber, quizId}` — the earlier video whose
 * quiz this student has not passed. While the lecture is read again (the recheck after a quiz
 * submit), the reason is that the quiz status is still loading.
 */
export function lockedReason(video: Video, rechecking = false): { key: MessageKey; vars?: Record<string, number> } {
  if (rechecking) return { key: 'cat.lockedReasonLoading' };
  if (video.locked?.reason === 'quiz') return { key: 'cat.lockedReasonQuiz', vars: { n: video.locked.videoNumber } };
  return { key: 'cat.lockedReasonPrevious' };
}

/**
 * The quiz that opens a locked video: /quiz with the quiz id in the navigation state and in
 * `?id=` (a reload works), and the way back to this lecture and video (`returnTo` / `?from=`).
 */
export function unlockQuizLink(quizId: string, lectureId: string, videoId: string): { to: string; state: { quizId: string; returnTo: string } } {
  const returnTo = `/lec/${lectureId}?v=${encodeURIComponent(videoId)}`;
  return { to: `/quiz?${new URLSearchParams({ id: quizId, from: returnTo })}`, state: { quizId, returnTo } };
}
