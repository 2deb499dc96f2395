/**
 * The quiz form's state (spec 3 "Quiz form state") and its rules of spec 4: a question's type
 * switch, the correct answer by index, questions added, moved and removed. Validation is the
 * shared `quizForm` (shared/schemas/quizzes.ts); the extra keys here (key, correct, image) are the
 * form's own and are dropped by the schema.
 */
import type { FieldErrors } from 'react-hook-form';
import { type QuestionType, TRUE_FALSE_OPTIONS } from '@shared/constants';
import { DEFAULT_QUIZ_SETTINGS, type QuizData, type QuizSettings } from '@shared/schemas/quizzes';
import type { MessageKey } from '@/i18n/use-t';
import { apiUrl } from '@/lib/api-client';
import type { QuizAdmin } from '../api/get-quiz';
import type { QuizSave } from './admin-quiz-body';
import '@/i18n/quiz-area';

export const MC_OPTION_COUNT = 4;

export interface QuestionDraft {
  /** The question's id when saved, else a local id starting with new_ (spec 3). */
  key: string;
  /** Only for a saved question. */
  id?: string;
  text: string;
  type: QuestionType;
  options: { text: string }[];
  /** Index of the correct answer among the options. */
  correct: number;
  /** What the schema checks: options[correct].text, kept in step by `withCorrect`. */
  correctAnswerText: string;
  imageFile?: File;
  imageUrl?: string | null;
  /** Its lessons (shared/schemas/quizzes.ts questionTags). */
  tags: string[];
  /** A question copied from the bank: the server copies its image (when no new one is chosen). */
  copiedFrom?: { quizId: string; questionId: string };
}

export interface QuizDraft {
  title: string;
  description: string;
  image?: File;
  questions: QuestionDraft[];
  settings: QuizSettings;
}

let seq = 0;
const newKey = () => `new_${Date.now().toString(36)}_${(seq += 1)}`;

const optionTexts = (type: QuestionType, count = MC_OPTION_COUNT) => (type === 'TRUE_FALSE' ? TRUE_FALSE_OPTIONS.map((text) => ({ text })) : Array.from({ length: count }, () => ({ text: '' })));

/** A new question: multiple choice with four empty answers, answer 0 correct. */
export const blankQuestion = (): QuestionDraft => ({ key: newKey(), text: '', type: 'MULTIPLE_CHOICE', options: optionTexts('MULTIPLE_CHOICE'), correct: 0, correctAnswerText: '', tags: [] });

/** A question of the bank as a new question of this quiz: a copy (its image copied on save). */
export function copiedQuestion(b: { quizId: string; questionId: string; text: string; type: QuestionType; options: { text: string }[]; correctAnswerText: string; tags: string[]; imageUrl: string | null }): QuestionDraft {
  const options = b.type === 'TRUE_FALSE' ? optionTexts('TRUE_FALSE') : b.options.map((o) => ({ text: o.text }));
  const correct = Math.max(0, options.findIndex((o) => o.text === b.correctAnswerText));
  return withCorrect({ key: newKey(), text: b.text, type: b.type, options, correct, tags: [...b.tags], imageUrl: b.imageUrl, copiedFrom: { quizId: b.quizId, questionId: b.questionId } });
}

/** Every tag of the form's questions and of the bank, once, sorted: the tag field's suggestions. */
export const tagSuggestions = (questions: Pick<QuestionDraft, 'tags'>[], bank: readonly string[] = []) => [...new Set([...questions.flatMap((q) => q.tags ?? []), ...bank])].sort((a, b) => a.localeCompare(b));

/** The correct answer's text follows the marked option. */
export const withCorrect = <Q extends Pick<QuestionDraft, 'options' | 'correct'>>(q: Q): Q & { correctAnswerText: string } => ({ ...q, correctAnswerText: q.options[q.correct]?.text.trim() ?? '' });

/**
 * Spec 4: switching to TRUE_FALSE sets the answers to 'True' and 'False' with answer 0 correct
 * (the fields disabled); switching to MULTIPLE_CHOICE gives four empty answers, answer 0 correct.
 */
export const switchType = (q: QuestionDraft, type: QuestionType): QuestionDraft => (q.type === type ? q : withCorrect({ ...q, type, options: optionTexts(type), correct: 0 }));

export const emptyQuiz = (): QuizDraft => ({ title: '', description: '', questions: [blankQuestion()], settings: { ...DEFAULT_QUIZ_SETTINGS } });

/** A saved quiz in the form: each question's correct index found from its correct text. */
export function draftOf(quiz: QuizAdmin): QuizDraft {
  return {
    title: quiz.title,
    description: quiz.description,
    settings: { ...DEFAULT_QUIZ_SETTINGS, ...quiz.settings },
    questions: quiz.questions.map((q) => {
      const options = q.options.map((o) => ({ text: o.text }));
      const correct = Math.max(0, options.findIndex((o) => o.text === q.correctAnswerText));
      return withCorrect({ key: q.id, id: q.id, text: q.text, type: q.type, options, correct, imageUrl: q.imageUrl ?? null, tags: q.tags ?? [] });
    }),
  };
}

/** Move the item at `from` to `to` (reorder up/down). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** What a save sends: quizData as the schema parsed it, images keyed by index (new) or id (saved). */
export function saveOf(values: { title: string; description: string; questions: QuizData['questions']; settings?: QuizSettings; image?: unknown }, drafts: QuestionDraft[]): QuizSave {
  const questionImages: Record<string, File> = {};
  drafts.forEach((q, index) => {
    if (q.imageFile) questionImages[q.id ?? String(index)] = q.imageFile;
  });
  return {
    quizData: {
      title: values.title,
      description: values.description,
      settings: values.settings,
      questions: values.questions.map((q, i) => ({ ...q, id: drafts[i]?.id, copiedFrom: drafts[i]?.id ? undefined : drafts[i]?.copiedFrom, options: q.type === 'TRUE_FALSE' ? TRUE_FALSE_OPTIONS.map((text) => ({ text })) : q.options })),
    },
    quizImage: values.image instanceof File ? values.image : undefined,
    questionImages,
  };
}

/** A list's own error (not its items'): react-hook-form keeps it under `root` once items are registered. */
export const listError = (e: unknown): string | undefined => {
  const o = e as { message?: string; root?: { message?: string } } | undefined;
  return o?.message ?? o?.root?.message;
};

/** Spec 5's titled warnings: the first problem of the form, as its toast title and message. */
export function firstProblem(errors: FieldErrors<QuizDraft>): { title: MessageKey; text?: string } | null {
  if (errors.title) return { title: 'quizAdmin.missingTitle', text: errors.title.message };
  const list = errors.questions;
  if (listError(list)) return { title: 'quizAdmin.noQuestions', text: listError(list) };
  const each = Array.isArray(list) ? (list as (FieldErrors<QuestionDraft> | undefined)[]) : [];
  const text = each.find((q) => q?.text)?.text;
  if (text) return { title: 'quizAdmin.incompleteQuestions', text: text.message };
  const options = each.find((q) => q?.options)?.options;
  if (options) return { title: 'quizAdmin.incompleteAnswers', text: listError(options) };
  const correct = each.find((q) => q?.correctAnswerText)?.correctAnswerText;
  if (correct) return { title: 'quizAdmin.wrongAnswer', text: correct.message };
  const other = errors.description ?? errors.image ?? errors.settings;
  return other || each.some(Boolean) ? { title: 'quizAdmin.checkForm', text: (other as { message?: string } | undefined)?.message } : null;
}

/** A stored image path ('/media/…') as the browser addresses it. */
export const mediaSrc = (path: string | null | undefined): string | undefined => (path ? (path.startsWith('/') ? apiUrl(path) : path) : undefined);
