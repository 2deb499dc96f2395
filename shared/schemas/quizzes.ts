import { z } from 'zod';
import { QUESTION_TYPES } from '../constants';
import { ruleParams } from '../rules';
import { browserImage, jsonField, uploadedImage } from './common';

export const quizAnswer = z.object({ questionId: z.string().min(1).max(64), answerText: z.string().max(2000) });
export const submitQuizBody = z.object({ answers: z.array(quizAnswer).min(1).max(500), isGeneral: z.boolean().optional() });

/**
 * Spec 5's quiz form rules, written once for the form and the server: the title is not blank
 * ('quiz.title'), there is at least one question ('quiz.questions'), every question has its text
 * ('quiz.questionText'), and a multiple-choice question has all its options ('quiz.answers').
 * The description is asked for; the quiz image and question images are optional image/* files.
 */
const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
export const quizTitle = z
  .string()
  .trim()
  .max(200)
  .refine((t) => t !== '', ruleParams('quiz.title'));
export const quizQuestion = z
  .object({
    /** Only for a question that exists already (editing). */
    id: z.string().max(64).optional(),
    text: z.string().trim().max(2000),
    type: z.enum(QUESTION_TYPES),
    options: z.array(z.object({ text: z.string().trim().max(500) })).max(10),
    correctAnswerText: z.string().trim().max(500),
  })
  .refine((q) => q.text !== '', { path: ['text'], ...ruleParams('quiz.questionText') })
  .refine((q) => q.type !== 'MULTIPLE_CHOICE' || (q.options.length > 0 && !q.options.some((o) => blank(o.text))), { path: ['options'], ...ruleParams('quiz.answers') });
export const quizQuestions = z
  .array(quizQuestion)
  .max(200)
  .refine((qs) => qs.length > 0, ruleParams('quiz.questions'));
/** The quiz as its form holds it and as quizData carries it (spec 7). */
export const quizData = z.object({
  title: quizTitle,
  description: z.string().trim().max(2000),
  questions: quizQuestions,
});
export type QuizData = z.infer<typeof quizData>;

/**
 * Multipart (server side): quizData is a JSON string; quizImage and questionImages[…] are files
 * (question images are keyed by index for new questions, by id for existing ones, so they pass
 * through here and are judged by the quizzes domain with `uploadedImage`).
 */
export const quizFormBody = z.object({ quizData: jsonField(quizData), quizImage: uploadedImage.optional() }).passthrough();
/** The quiz form in the browser: the same rules, the image a File. */
export const quizForm = quizData.extend({ image: browserImage.optional() });
