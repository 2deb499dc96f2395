/** A quiz's results for the teacher: each student's best, first and attempts, the summary cards and the analytics over every attempt. */
import { type AttemptRecord, attemptsOf, attemptsOfQuiz, resultsOfQuiz } from '../data/result-repo';
import { fullName, peopleByIds } from '../data/user-repo';
import { questionAnalytics, resultRows, summaryOf } from './analytics';
import { liveQuiz } from './quizzes';

export async function listQuizResults(quizId: string) {
  const [{ questions }, stored, attempts] = await Promise.all([liveQuiz(quizId), resultsOfQuiz(quizId), attemptsOfQuiz(quizId)]);
  // Names as the students' profiles say them now (a deleted student's tombstone, then the name saved with the result).
  const people = await peopleByIds(stored.map((r) => r.userId));
  const results = stored.map((r) => {
    const p = people.get(r.userId);
    return { ...r, studentName: (p && fullName(p)) || r.studentName, studentDeleted: p?.deleted ?? false };
  });
  const data = resultRows(results, attempts);
  return { data, summary: summaryOf(data.map((r) => r.scorePercent)), analytics: questionAnalytics(questions, results, attempts) };
}

/** One attempt as the results show it: its number, when, its score and each question's mark. */
const attemptView = (a: AttemptRecord) => ({ number: a.number, startedAt: a.startedAt, finishedAt: a.finishedAt, score: a.score, passed: a.passed, closedAtDeadline: a.closedAtDeadline, marks: a.marks });

/** Every finished attempt of one student at a quiz, first to last (AP29: those kept before AP70 too). */
export async function attemptsOfStudent(quizId: string, userId: string) {
  return (await attemptsOf(userId, quizId)).sort((a, b) => a.number - b.number).map(attemptView);
}
