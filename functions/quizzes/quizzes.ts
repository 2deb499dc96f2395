/** The teacher's quizzes: authoring with images, the lists, deletion and assignment to a Quiz section. */
import { forgetQuiz } from './quiz-cache';
import { ulid } from 'ulid';
import { TRUE_FALSE_OPTIONS } from '../../shared/constants';
import type { UploadedFile } from '../../shared/schemas/common';
import { DEFAULT_QUIZ_SETTINGS, type QuizData } from '../../shared/schemas/quizzes';
import { clearQuizOfVideos, videosOfQuiz } from '../data/lecture-repo';
import {
  type QuestionRecord,
  type QuizRecord,
  type QuizWithQuestions,
  allQuizzes,
  assignQuiz as assignQuizRecord,
  createQuiz as createQuizRecords,
  deleteQuestion as deleteQuestionRecord,
  deleteQuizTree,
  quizWithQuestions,
  quizzesOfSection,
  replaceQuiz,
  unassignQuiz as unassignQuizRecord,
} from '../data/quiz-repo';
import { deleteResultsOfQuiz } from '../data/result-repo';
import { sectionById } from '../data/section-repo';
import { BadRequest, NotFound } from '../lib/errors';
import { copyImage, deleteImages, storeImage } from '../catalogue/public';
import { toQuizAdmin, toQuizSummary } from './views';

export interface QuizForm {
  quizData: QuizData;
  quizImage?: UploadedFile;
  /** By index of a new question or by id of an existing one. */
  questionImages: Record<string, UploadedFile>;
}

export async function liveQuiz(id: string): Promise<QuizWithQuestions> {
  const qw = await quizWithQuestions(id);
  if (!qw) throw new NotFound('Quiz not found', 'quiz.notFound');
  return qw;
}

/**
 * The form's questions as records, in the form's order. An existing question keeps its id (and its
 * image unless a new one is sent), an option keeps its id while its text stays; a new one gets ids.
 */
async function questionsOf(quizId: string, form: QuizForm, before: QuestionRecord[]): Promise<QuestionRecord[]> {
  const existing = new Map(before.map((q) => [q.id, q]));
  const sources = await copiedQuestions(form);
  const keysUsed = new Set<string>();
  const drafts = form.quizData.questions.map((q, index) => {
    const old = q.id ? existing.get(q.id) : undefined;
    if (q.id && !old) throw new BadRequest(`Question ${q.id} is not a question of this quiz`, 'quiz.question');
    const imageField = old ? old.id : String(index);
    keysUsed.add(imageField);
    return { q, old, image: form.questionImages[imageField] };
  });
  for (const k of Object.keys(form.questionImages)) {
    if (!keysUsed.has(k)) throw new BadRequest(`questionImages[${k}] names no question of the form (index of a new one, id of an existing one)`, 'quiz.questionImage');
  }
  return Promise.all(
    drafts.map(async ({ q, old, image }, index) => {
      const texts = q.type === 'TRUE_FALSE' ? [...TRUE_FALSE_OPTIONS] : q.options.map((o) => o.text);
      const oldOptions = new Map((old?.options ?? []).map((o) => [o.text, o.id]));
      const options = texts.map((text) => ({ id: oldOptions.get(text) ?? ulid(), text }));
      const sourceImage = !old && q.copiedFrom ? sources.get(q.copiedFrom.questionId)?.imageKey : undefined;
      const imageKey = image ? await storeImage(image) : (old?.imageKey ?? (sourceImage ? await copyImage(sourceImage) : undefined));
      return {
        id: old?.id ?? ulid(),
        quizId,
        order: index + 1,
        text: q.text,
        type: q.type,
        ...(imageKey ? { imageKey } : {}),
        ...(q.tags.length ? { tags: q.tags } : {}),
        options,
        correctOptionId: options.find((o) => o.text === q.correctAnswerText)!.id,
      };
    }),
  );
}

/**
 * The stored questions that new questions of the form were copied from (the question bank), by id:
 * each source quiz read once (AP20). A source that is gone is a 400, so no image is silently lost.
 */
async function copiedQuestions(form: QuizForm): Promise<Map<string, QuestionRecord>> {
  const wanted = form.quizData.questions.flatMap((q) => (q.copiedFrom && !q.id ? [q.copiedFrom] : []));
  const quizzes = await Promise.all([...new Set(wanted.map((s) => s.quizId))].map((id) => quizWithQuestions(id)));
  const found = new Map(quizzes.flatMap((qw) => qw?.questions ?? []).map((q) => [q.id, q]));
  for (const s of wanted) {
    if (found.get(s.questionId)?.quizId !== s.quizId) throw new BadRequest(`Question ${s.questionId} of quiz ${s.quizId} no longer exists to copy`, 'quiz.copySource');
  }
  return found;
}

/** Every tag of the questions, once, sorted: kept on the quiz item for the question bank. */
const tagsOf = (questions: QuestionRecord[]) => [...new Set(questions.flatMap((q) => q.tags ?? []))].sort();

export async function createQuiz(form: QuizForm) {
  const id = ulid();
  const now = new Date().toISOString();
  const questions = await questionsOf(id, form, []);
  const imageKey = form.quizImage ? await storeImage(form.quizImage) : undefined;
  const quiz: QuizRecord = {
    id,
    title: form.quizData.title,
    description: form.quizData.description,
    ...(imageKey ? { imageKey } : {}),
    createdAt: now,
    updatedAt: now,
    questionCount: questions.length,
    contentId: null,
    settings: form.quizData.settings ?? DEFAULT_QUIZ_SETTINGS,
    tags: tagsOf(questions),
  };
  await createQuizRecords(quiz, questions);
  return toQuizAdmin(quiz, questions, 0);
}

/** The whole quiz is what the form sends: questions left out are removed, their images too. */
export async function updateQuiz(id: string, form: QuizForm) {
  const { quiz, questions: before } = await liveQuiz(id);
  const questions = await questionsOf(id, form, before);
  const imageKey = form.quizImage ? await storeImage(form.quizImage) : quiz.imageKey;
  const updated: QuizRecord = {
    ...quiz,
    title: form.quizData.title,
    description: form.quizData.description,
    ...(imageKey ? { imageKey } : {}),
    updatedAt: new Date().toISOString(),
    questionCount: questions.length,
    settings: form.quizData.settings ?? quiz.settings,
    tags: tagsOf(questions),
  };
  await replaceQuiz(updated, questions, before);
  forgetQuiz(id);
  const kept = new Set([updated.imageKey, ...questions.map((q) => q.imageKey)]);
  await deleteImages([quiz.imageKey, ...before.map((q) => q.imageKey)].filter((k): k is string => !!k && !kept.has(k)));
  return toQuizAdmin(updated, questions, (await videosOfQuiz(id)).length);
}

/** The admin's whole quiz: answers, its section and how many videos it gates. */
export async function getQuizAdmin(id: string) {
  const [{ quiz, questions }, videos] = await Promise.all([liveQuiz(id), videosOfQuiz(id)]);
  return toQuizAdmin(quiz, questions, videos.length);
}

export async function listQuizzes() {
  return (await allQuizzes()).map(toQuizSummary);
}

async function quizSection(contentId: string) {
  const section = await sectionById(contentId);
  if (!section) throw new NotFound('Content section not found', 'section.notFound');
  return section;
}

/** A section's quizzes, oldest assignment first. */
export async function listSectionQuizzes(contentId: string) {
  await quizSection(contentId);
  return (await quizzesOfSection(contentId)).map(toQuizSummary).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function assignQuiz(contentId: string, quizId: string) {
  const section = await quizSection(contentId);
  if (section.content !== 'Quiz') throw new BadRequest('Quizzes are assigned to a content section of type Quiz', 'quiz.sectionType');
  const { quiz } = await liveQuiz(quizId);
  await assignQuizRecord(quiz, contentId);
  return { message: 'Quiz assigned successfully' };
}

export async function unassignQuiz(quizId: string) {
  const { quiz } = await liveQuiz(quizId);
  await unassignQuizRecord(quiz);
  return { message: 'Quiz unassigned successfully' };
}

/**
 * Deletes the quiz and everything hanging from it: questions, assignment, results and attempts,
 * images; the videos it gated get no quiz, so no video stays locked for ever.
 */
export async function deleteQuiz(id: string) {
  const qw = await liveQuiz(id);
  const videosUnlocked = await clearQuizOfVideos(id);
  await deleteQuizTree(qw);
  forgetQuiz(id);
  await deleteResultsOfQuiz(id);
  await deleteImages([qw.quiz.imageKey, ...qw.questions.map((q) => q.imageKey)].filter((k): k is string => !!k));
  return { id, message: 'Deleted!', videosUnlocked };
}

export async function deleteQuestion(quizId: string, questionId: string) {
  const { questions } = await liveQuiz(quizId);
  const question = questions.find((q) => q.id === questionId);
  if (!question) throw new NotFound('Question not found', 'question.notFound');
  if (questions.length === 1) throw new BadRequest('A quiz keeps at least one question: delete the quiz instead', 'quiz.question');
  await deleteQuestionRecord(question);
  forgetQuiz(quizId);
  if (question.imageKey) await deleteImages([question.imageKey]);
  return { id: questionId, message: 'Question Deleted!' };
}
