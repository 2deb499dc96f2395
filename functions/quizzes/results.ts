/** A quiz's results for the teacher: each student's best attempt, the summary cards and per-question analytics. */
import { resultsOfQuiz } from '../data/result-repo';
import { questionAnalytics, resultRows, summaryOf } from './analytics';
import { liveQuiz } from './quizzes';

export async function listQuizResults(quizId: string) {
  const [{ questions }, results] = await Promise.all([liveQuiz(quizId), resultsOfQuiz(quizId)]);
  const data = resultRows(results);
  return { data, summary: summaryOf(data.map((r) => r.scorePercent)), analytics: questionAnalytics(questions, results) };
}
