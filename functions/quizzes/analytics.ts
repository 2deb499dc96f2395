/**
 * A quiz's results for the teacher: the rows from each student's best attempt with their band
 * (spec 9), attempts, first and best score, the summary cards, and per question over every attempt
 * its facility (share right) and the wrong answer chosen most; its discrimination (share right in
 * the top 27 % minus in the bottom 27 %) compares students, by their best attempts.
 */
import { DISCRIMINATION_GROUP_SHARE, performanceBand } from '../../shared/constants';
import type { QuestionRecord } from '../data/quiz-repo';
import type { AnswerMark, AttemptRecord, ResultRecord } from '../data/result-repo';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A student's first attempt's score: its attempt 1 when kept in the quiz's index, or the only attempt's. */
const firstScoreOf = (r: ResultRecord, attempts: AttemptRecord[]) => attempts.find((a) => a.userId === r.userId && a.number === 1)?.score ?? (r.attempts === 1 ? r.bestScore : null);

export function resultRows(results: (ResultRecord & { studentDeleted?: boolean })[], attempts: AttemptRecord[] = []) {
  return results
    .filter((r) => r.attempts > 0 && r.bestScore !== null)
    .map((r) => ({
      userId: r.userId,
      studentName: r.studentName,
      studentDeleted: r.studentDeleted ?? false,
      score: `${r.bestScore}%`,
      scorePercent: r.bestScore!,
      performance: performanceBand(r.bestScore!),
      attempts: r.attempts,
      firstScore: firstScoreOf(r, attempts),
      bestScore: r.bestScore!,
      passed: r.passed,
      watchedBefore: r.watchedBefore ?? null,
    }))
    .sort((a, b) => b.scorePercent - a.scorePercent || a.studentName.localeCompare(b.studentName));
}

export function summaryOf(scores: number[]) {
  if (!scores.length) return { totalStudents: 0, averageScore: 0, highestScore: 0, lowestScore: 0 };
  return {
    totalStudents: scores.length,
    averageScore: Math.round(scores.reduce((s, x) => s + x, 0) / scores.length),
    highestScore: Math.max(...scores),
    lowestScore: Math.min(...scores),
  };
}

/**
 * The marks of every attempt: those in the quiz's index (AP70), and for a student with none there
 * (attempts kept before the index) the best attempt's, as one.
 */
function everyAttemptMarks(finished: ResultRecord[], attempts: AttemptRecord[]): AnswerMark[][] {
  const indexed = new Set(attempts.map((a) => a.userId));
  return [...attempts.map((a) => a.marks), ...finished.filter((r) => !indexed.has(r.userId)).map((r) => r.best)];
}

export function questionAnalytics(questions: QuestionRecord[], results: ResultRecord[], attempts: AttemptRecord[] = []) {
  const finished = results.filter((r) => r.attempts > 0 && r.bestScore !== null).sort((a, b) => b.bestScore! - a.bestScore!);
  const every = everyAttemptMarks(finished, attempts);
  const group = Math.max(1, Math.round(finished.length * DISCRIMINATION_GROUP_SHARE));
  const top = finished.slice(0, group);
  const bottom = finished.slice(-group);
  const markOf = (r: ResultRecord, questionId: string) => r.best.find((m) => m.questionId === questionId);
  const shareRight = (rs: ResultRecord[], questionId: string) => {
    const marks = rs.map((r) => markOf(r, questionId)).filter((m) => m !== undefined);
    return marks.length ? marks.filter((m) => m.correct).length / marks.length : null;
  };
  return questions.map((q) => {
    const marks = every.map((ms) => ms.find((m) => m.questionId === q.id)).filter((m) => m !== undefined);
    const wrong = new Map<string, number>();
    for (const m of marks) if (!m.correct && m.answerText !== null) wrong.set(m.answerText, (wrong.get(m.answerText) ?? 0) + 1);
    const [answerText, count] = [...wrong].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0] ?? [];
    const pTop = shareRight(top, q.id);
    const pBottom = shareRight(bottom, q.id);
    return {
      questionId: q.id,
      text: q.text,
      // The web shows a True/False answer in the teacher's language (صح / خطأ), as the quiz shows it.
      type: q.type,
      answered: marks.length,
      facility: marks.length ? round2(marks.filter((m) => m.correct).length / marks.length) : null,
      // Two students at least, or top and bottom are the same people.
      discrimination: finished.length >= 2 && pTop !== null && pBottom !== null ? round2(pTop - pBottom) : null,
      mostChosenWrong: answerText === undefined ? null : { answerText, count: count! },
    };
  });
}
