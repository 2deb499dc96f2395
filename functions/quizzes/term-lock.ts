/**
 * A term's lock holds for its quizzes as for its lectures (issue 36): a quiz opened, answered or
 * submitted by its id is refused to a student (403 term.locked) when every term it belongs to is
 * locked — the term of its Quiz section and those of the lectures whose videos it gates. A quiz that
 * gates a video of an open term stays open to that term's students; one that belongs nowhere is open.
 * Every record read is the class's (kept a few seconds, as the lecture open keeps them).
 */
import { videosOfQuiz } from '../data/lecture-repo';
import type { QuizRecord } from '../data/quiz-repo';
import { recentReads } from '../lib/recent';
import { assertTermOpen, classReads, type Viewer } from '../catalogue/public';
import { QUIZ_CACHE_TTL_MS } from './quiz-cache';

/** The lectures whose videos the quiz gates (AP31). */
const gatedLectures = recentReads(async (quizId: string) => [...new Set((await videosOfQuiz(quizId)).map((v) => v.lectureId))], QUIZ_CACHE_TTL_MS);

export async function assertQuizTermOpen(quiz: Pick<QuizRecord, 'id' | 'contentId'>, viewer: Viewer): Promise<void> {
  if (viewer.isAdmin) return;
  const reads = classReads(viewer);
  const [section, lectures] = await Promise.all([quiz.contentId ? reads.section(quiz.contentId) : undefined, gatedLectures(quiz.id).then((ids) => Promise.all(ids.map((id) => reads.lectureRecord(id))))]);
  const termIds = new Set([section?.termId, ...lectures.map((l) => l?.termId)].filter((t): t is string => t !== undefined));
  const terms = (await Promise.all([...termIds].map((id) => reads.term(id)))).filter((t) => t !== undefined);
  if (terms.length > 0 && terms.every((t) => t.isLocked)) assertTermOpen(terms[0], viewer);
}
