import { z } from 'zod';
import { QUESTION_TAG_MAX_LENGTH, QUESTION_TAGS_MAX, QUESTION_TYPES, QUIZ_MAX_ATTEMPTS_MAX, QUIZ_QUESTIONS_MAX, QUIZ_TIME_LIMIT_MAX_MINUTES, TRUE_FALSE_OPTIONS } from '../constants.ts';
import { ruleParams } from '../rules.ts';
import { rasterImage } from './catalogue.ts';
import { browserImage, freeText, id, jsonField, type UploadedFile } from './common.ts';

export const quizIdParams = z.object({ quizId: id });
export const questionParams = z.object({ quizId: id, questionId: id });
/** One student's attempts at a quiz (the teacher's results). */
export const studentAttemptsParams = z.object({ quizId: id, userId: id });
export const contentIdParams = z.object({ contentId: id });
export const assignQuizParams = z.object({ contentId: id, quizId: id });

export const quizAnswer = z.object({ questionId: z.string().min(1).max(64), answerText: freeText(2000) });
export const submitQuizBody = z.object({ answers: z.array(quizAnswer).min(1).max(500), isGeneral: z.boolean().optional() });
/** The answers of a timed attempt, saved as the student gives them (none yet is fine). */
export const saveQuizAnswersBody = z.object({ answers: z.array(quizAnswer).max(500) });

/**
 * Spec 5's quiz form rules, written once for the form and the server: the title is not blank
 * ('quiz.title'), there is at least one question ('quiz.questions'), every question has its text
 * ('quiz.questionText'), a multiple-choice question has all its options ('quiz.answers') and the
 * correct answer is one of them ('quiz.correctAnswer'; a TRUE_FALSE question's options are
 * 'True' and 'False'). The description is asked for; images are optional image files.
 */
const blank = (v: unknown) => typeof v !== 'string' || v.trim() === '';
export const quizTitle = freeText(200).refine((t) => t !== '', ruleParams('quiz.title'));
const optionsOf = (q: { type: string; options: { text: string }[] }) => (q.type === 'TRUE_FALSE' ? [...TRUE_FALSE_OPTIONS] : q.options.map((o) => o.text));
/** A question's tag (its lesson, e.g. "الانقسام الميوزي"): trimmed, not blank. */
export const questionTag = freeText(QUESTION_TAG_MAX_LENGTH).pipe(z.string().min(1));
/** A question's tags: a few, each once; the first is its group when an attempt draws by tags (quizzes/draw.ts). */
export const questionTags = z
  .array(questionTag)
  .max(QUESTION_TAGS_MAX)
  .transform((tags) => [...new Set(tags)]);
/** A question copied from the bank names its source, so its image is copied with it (a copy of its own). */
export const questionSource = z.object({ quizId: id, questionId: id });
export const quizQuestion = z
  .object({
    /** Only for a question that exists already (editing). */
    id: z.string().max(64).optional(),
    text: freeText(2000),
    tags: questionTags.default([]),
    copiedFrom: questionSource.optional(),
    type: z.enum(QUESTION_TYPES),
    options: z.array(z.object({ text: freeText(500) })).max(10),
    correctAnswerText: freeText(500),
  })
  .refine((q) => q.text !== '', { path: ['text'], ...ruleParams('quiz.questionText') })
  .refine((q) => q.type !== 'MULTIPLE_CHOICE' || (q.options.length > 0 && !q.options.some((o) => blank(o.text))), { path: ['options'], ...ruleParams('quiz.answers') })
  // Blank options are reported by the rule above; a TRUE_FALSE question's options are fixed.
  .refine((q) => (q.type === 'MULTIPLE_CHOICE' && q.options.some((o) => blank(o.text))) || optionsOf(q).includes(q.correctAnswerText), {
    path: ['correctAnswerText'],
    ...ruleParams('quiz.correctAnswer'),
  });
export const quizQuestions = z
  .array(quizQuestion)
  .max(QUIZ_QUESTIONS_MAX)
  .refine((qs) => qs.length > 0, ruleParams('quiz.questions'));

/**
 * The teacher's choices per quiz, each off by default: show the right answers in a result (else
 * only right or wrong per question), a time limit, a maximum number of attempts, shuffled order.
 */
export const quizSettings = z.object({
  revealAnswers: z.boolean().default(false),
  timeLimitMinutes: z.number().int().min(1).max(QUIZ_TIME_LIMIT_MAX_MINUTES).nullable().default(null),
  maxAttempts: z.number().int().min(1).max(QUIZ_MAX_ATTEMPTS_MAX).nullable().default(null),
  shuffle: z.boolean().default(false),
  /** Each attempt draws this many of the questions, spread over their tags (null: every question). */
  drawCount: z.number().int().min(1).max(QUIZ_QUESTIONS_MAX).nullable().default(null),
});
export type QuizSettings = z.infer<typeof quizSettings>;
export const DEFAULT_QUIZ_SETTINGS: QuizSettings = { revealAnswers: false, timeLimitMinutes: null, maxAttempts: null, shuffle: false, drawCount: null };

/** The quiz as its form holds it and as quizData carries it (spec 7); `settings` is ours. */
export const quizData = z
  .object({
    title: quizTitle,
    description: freeText(2000),
    questions: quizQuestions,
    settings: quizSettings.optional(),
  })
  .superRefine((d, ctx) => {
    const draw = d.settings?.drawCount;
    if (draw && draw > d.questions.length) ctx.addIssue({ code: 'custom', path: ['settings', 'drawCount'], input: draw, ...ruleParams('quiz.drawCount', { max: d.questions.length }) });
  });
export type QuizData = z.infer<typeof quizData>;

/** `questionImages[0]` (a new question, by index) or `questionImages[01J…]` (an existing one, by id). */
export const QUESTION_IMAGE_FIELD = /^questionImages\[([A-Za-z0-9_-]{1,64})\]$/;

/**
 * Multipart (server side): quizData is a JSON string; quizImage and questionImages[…] are raster
 * image files. Any other field is refused; the question images come out as `questionImages`, by key.
 */
export const quizFormBody = z
  .object({ quizData: jsonField(quizData), quizImage: rasterImage.optional() })
  .catchall(rasterImage)
  .superRefine((body, ctx) => {
    for (const k of Object.keys(body)) {
      if (k !== 'quizData' && k !== 'quizImage' && !QUESTION_IMAGE_FIELD.test(k)) ctx.addIssue({ code: 'custom', path: [k], input: k, ...ruleParams('quiz.imageKey') });
    }
  })
  .transform(({ quizData: data, quizImage, ...rest }) => ({
    quizData: data,
    quizImage,
    questionImages: Object.fromEntries(Object.entries(rest).map(([k, f]) => [QUESTION_IMAGE_FIELD.exec(k)![1]!, f as UploadedFile])),
  }));
/** The quiz form in the browser: the same rules, the image a File. */
export const quizForm = quizData.extend({ image: browserImage.optional() });

/** The question bank's filter: a tag, words of the text, and where the previous page stopped. */
export const questionBankQuery = z.object({ tag: questionTag.optional(), q: freeText(100).optional(), cursor: id.optional() });
