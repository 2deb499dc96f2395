/**
 * The quiz a student takes, read once per few seconds per Lambda instead of once per request: an
 * exam is a whole class opening and submitting the same quiz within a minute, and the quiz with
 * its questions is the heaviest read of the request. Concurrent misses share one read.
 *
 * Staleness never reaches a score: before every write made from a cached quiz, the quiz item's
 * version is read strongly consistent (quiz-repo `quizVersion`); an edit or a delete since the cached
 * read makes the taking code read the quiz afresh and score again (`withFreshQuiz` in taking.ts). Not a
 * condition in the write's transaction: a class's submits would all hold the one quiz item and
 * conflict with each other in DynamoDB. An edit landing in the few ms between the check and the
 * write scores the answers as they were just before it. Edits made
 * through this Lambda also drop the entry at once (and every admin write drops all: lib/recent.ts).
 */
import { quizWithQuestions } from '../data/quiz-repo';
import { recentReads } from '../lib/recent';

export const QUIZ_CACHE_TTL_MS = 5_000;

export const cachedQuiz = recentReads(quizWithQuestions, QUIZ_CACHE_TTL_MS);
export const forgetQuiz = (id: string) => cachedQuiz.forget(id);
