/**
 * The quiz a student takes, read once per few seconds per Lambda instead of once per request: an
 * exam is a whole class opening and submitting the same quiz within a minute, and the quiz with
 * its questions is the heaviest read of the request. Concurrent misses share one read.
 *
 * Staleness never reaches a score: every write made from a cached quiz carries a condition that the
 * quiz item is still the version read (result-repo `QuizGuard`); an edit or a delete in between makes
 * the write fail and the taking code reads the quiz afresh (`withFreshQuiz` in taking.ts). Edits made
 * through this Lambda also drop the entry at once (and every admin write drops all: lib/recent.ts).
 */
import { quizWithQuestions } from '../data/quiz-repo';
import { recentReads } from '../lib/recent';

export const QUIZ_CACHE_TTL_MS = 5_000;

export const cachedQuiz = recentReads(quizWithQuestions, QUIZ_CACHE_TTL_MS);
export const forgetQuiz = (id: string) => cachedQuiz.forget(id);
