/** A quiz's results for the teacher: each student's best attempt, the summary cards and per-question analytics. */
import { resultsOfQuiz } from '../data/result-repo';
import { fullName, peopleByIds } from '../data/user-repo';
import { questionAnalytics, resultRows, summaryOf } from './analytics';
import { liveQuiz } from './quizzes';

export async function listQuizResults(quizId: string) {
  const [{ questions }, stored] = await Promise.all([liveQuiz(quizId), resultsOfQuiz(quizId)]);
  // Names as the students' profiles say them now (a deleted student's tombstone, then the name saved with the result).
  const people = await peopleByIds(stored.map((r) => r.userId));
  const results = stored.map((r) => {
    const p = people.get(r.userId);
    return { ...r, studentName: (p && fullName(p)) || r.studentName, studentDeleted: p?.deleted ?? false };
  });
  const data = resultRows(results);
  return { data, summary: summaryOf(data.map((r) => r.scorePercent)), analytics: questionAnalytics(questions, results) };
}
