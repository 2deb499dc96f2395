/** The quizzes' records in the shapes the client reads (spec 3); the student's never says which answer is right. */
import type { z } from 'zod';
import type { quizAdmin, quizQuestionView, quizSummary } from '../../shared/schemas/responses';
import { DEFAULT_QUIZ_SETTINGS } from '../../shared/schemas/quizzes';
import type { QuestionRecord, QuizRecord } from '../data/quiz-repo';
import { sitePath } from '../lib/media-urls';
import { correctTextOf } from './scoring';

const imageUrl = (key: string | undefined) => (key ? sitePath(key) : null);

export const toQuizSummary = (q: QuizRecord): z.infer<typeof quizSummary> => ({
  id: q.id,
  title: q.title,
  description: q.description,
  imageUrl: imageUrl(q.imageKey),
  createdAt: q.createdAt,
  questionCount: q.questionCount,
  // Quizzes saved before a setting existed read it as its default.
  settings: { ...DEFAULT_QUIZ_SETTINGS, ...q.settings },
  contentId: q.contentId ?? null,
});

/** Built field by field: correctOptionId never reaches a student. */
export const toQuestionView = (q: QuestionRecord): z.infer<typeof quizQuestionView> => ({
  id: q.id,
  text: q.text,
  imageUrl: imageUrl(q.imageKey),
  type: q.type,
  options: q.options.map((o) => ({ id: o.id, text: o.text })),
});

export const toQuizAdmin = (q: QuizRecord, questions: QuestionRecord[], videoCount: number): z.infer<typeof quizAdmin> => ({
  ...toQuizSummary(q),
  questions: questions.map((x) => ({ ...toQuestionView(x), correctAnswerText: correctTextOf(x), tags: x.tags ?? [] })),
  videoCount,
});
