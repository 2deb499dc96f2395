import type { Video } from '@shared/schemas/catalogue';
import type { MessageKey } from '@/i18n/en';

/**
 * Spec 8: why a video is locked. The gate (spec 4) opens video N once every earlier video with a
 * quiz is passed, so the reason names the nearest earlier video that has a quiz.
 * (The quiz-status reasons — still loading, not passed — come with the quiz issue.)
 */
export function lockedReason(videos: Video[], index: number): { key: MessageKey; vars?: Record<string, number> } {
  for (let i = index - 1; i >= 0; i--) if (videos[i]?.quizId) return { key: 'cat.lockedReasonQuiz', vars: { n: i + 1 } };
  return { key: 'cat.lockedReasonPrevious' };
}
