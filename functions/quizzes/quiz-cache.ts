/**
 * The quiz a student takes, read once per few seconds per Lambda instead of once per request: an
 * exam is a whole class opening and submitting the same quiz within a minute, and the quiz with
 * its questions is the heaviest read of the request. Concurrent misses share one read.
 *
 * Staleness never reaches a score: every write made from a cached quiz carries a condition that the
 * quiz item is still the version read (result-repo `QuizGuard`); an edit or a delete in between makes
 * the write fail and the taking code reads the quiz afresh (`withFreshQuiz` in taking.ts). Edits made
 * through this Lambda also drop the entry at once.
 */
import { type QuizWithQuestions, quizWithQuestions } from '../data/quiz-repo';

export const QUIZ_CACHE_TTL_MS = 5_000;
const entries = new Map<string, { at: number; value: Promise<QuizWithQuestions | undefined> }>();

export function cachedQuiz(id: string, now = Date.now()): Promise<QuizWithQuestions | undefined> {
  const hit = entries.get(id);
  if (hit && now - hit.at < QUIZ_CACHE_TTL_MS) return hit.value;
  const value = quizWithQuestions(id);
  entries.set(id, { at: now, value });
  // A failed read is not kept; a missing quiz is (briefly), like any other answer.
  value.catch(() => entries.get(id)?.value === value && entries.delete(id));
  if (entries.size > 500) entries.delete(entries.keys().next().value!);
  return value;
}

export const forgetQuiz = (id: string) => void entries.delete(id);
