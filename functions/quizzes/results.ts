/** A quiz's results for the teacher: each student's best attempt, the summary cards and per-question analytics. */
import { resultsOfQuiz } from '../data/result-repo';
import { namesOfUsers } from '../data/user-repo';
import { questionAnalytics, resultRows, summaryOf } from './analytics';
import { liveQuiz } from './quizzes';

export async function listQuizResults(quizId: string) {
  const [{ questions }, stored] = await Promise.all([liveQuiz(quizId), resultsOfQuiz(quizId)]);
  // Names as the students' profiles say them now (a name saved with the result is the fallback).
  const names = await namesOfUsers(stored.map((r) => r.userId));
  const results = stored.map((r) => ({ ...r, studentName: names.get(r.userId) || r.studentName }));
  const data = resultRows(results);
  return { data, summary: summaryOf(data.map((r) => r.scorePercent)), analytics: questionAnalytics(questions, results) };
}
