/**
 * The pure rules of taking a quiz: answers checked and marked against the stored questions,
 * the score and pass mark, the order of a shuffled attempt. No I/O here.
 */
import { createHash } from 'node:crypto';
import { QUIZ_PASS_MARK_PERCENT } from '../../shared/constants';
import type { AnswerMark } from '../data/result-repo';
import type { QuestionRecord } from '../data/quiz-repo';
import { BadRequest } from '../lib/errors';

export interface Answer {
  questionId: string;
  answerText: string;
}

/**
 * The answers as a map by question, every one checked: a question of this quiz (not another's,
 * not unknown), given once, and one of its options. Otherwise 400 `quiz.answer` and nothing is stored.
 */
export function checkAnswers(questions: QuestionRecord[], answers: Answer[]): Map<string, string> {
  const byId = new Map(questions.map((q) => [q.id, q]));
  const given = new Map<string, string>();
  for (const a of answers) {
    const q = byId.get(a.questionId);
    if (!q) throw new BadRequest(`Question ${a.questionId} is not a question of this quiz`, 'quiz.answer');
    if (given.has(a.questionId)) throw new BadRequest(`Question ${a.questionId} is answered twice`, 'quiz.answer');
    const text = a.answerText.trim();
    if (!q.options.some((o) => o.text === text)) throw new BadRequest(`"${text}" is not an option of question ${a.questionId}`, 'quiz.answer');
    given.set(a.questionId, text);
  }
  return given;
}

export const correctTextOf = (q: QuestionRecord) => q.options.find((o) => o.id === q.correctOptionId)?.text ?? '';

export interface Score {
  /** Percent, rounded to a whole number. */
  score: number;
  correct: number;
  total: number;
  passed: boolean;
  marks: AnswerMark[];
}

/** Marks every question of the quiz (unanswered is wrong), in the quiz's own order, whatever order the attempt showed. */
export function scoreAnswers(questions: QuestionRecord[], answers: Map<string, string> | Record<string, string>): Score {
  const get = (id: string) => (answers instanceof Map ? answers.get(id) : answers[id]);
  const marks = questions.map((q) => {
    const answerText = get(q.id) ?? null;
    return { questionId: q.id, answerText, correct: answerText !== null && answerText === correctTextOf(q) };
  });
  const correct = marks.filter((m) => m.correct).length;
  const total = questions.length;
  // The pass mark is compared exactly: 49.5 % rounds to 50 for display but does not pass.
  return { score: total ? Math.round((correct * 100) / total) : 0, correct, total, passed: total > 0 && correct * 100 >= QUIZ_PASS_MARK_PERCENT * total, marks };
}

/** A deterministic pseudo-random sequence from a seed (mulberry32 over a SHA-256 prefix). */
function randomFrom(seed: string): () => number {
  let a = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates with a seeded source: the same seed gives the same order. */
export function shuffled<T>(list: readonly T[], seed: string): T[] {
  const out = [...list];
  const random = randomFrom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * The order one attempt shows: questions and each question's options shuffled with a seed of
 * (student, quiz, attempt), so reopening the same attempt shows the same order and the next
 * attempt another. Scoring reads question ids and option texts, never positions.
 */
export function attemptOrder(questions: QuestionRecord[], seed: string): QuestionRecord[] {
  return shuffled(questions, `${seed}:questions`).map((q) => ({ ...q, options: q.type === 'TRUE_FALSE' ? q.options : shuffled(q.options, `${seed}:${q.id}`) }));
}
