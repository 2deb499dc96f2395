/**
 * What /quiz is opened with (spec 2: the navigation state holds the quiz id; `?id=` keeps a
 * reload working) and the small rules of taking it, kept out of the screen so they are tested alone.
 */
import { apiUrl } from '@/lib/api-client';
import type { Translate } from '@/i18n/use-t';
import '@/i18n/quiz-area';

/** Navigation state of /quiz: the quiz, and where the student came from (a lecture, a section). */
export interface QuizNavState {
  quizId: string;
  /** A lecture page to go back to after the quiz (its gate rechecks on the way). */
  returnTo?: string;
}

export function readQuizNav(state: unknown, search: URLSearchParams): { quizId?: string; returnTo?: string } {
  const s = state && typeof state === 'object' ? (state as Partial<QuizNavState> & { id?: unknown }) : {};
  const fromState = typeof s.quizId === 'string' ? s.quizId : typeof s.id === 'string' ? s.id : undefined;
  const quizId = fromState ?? search.get('id') ?? undefined;
  // Only a path inside the app; never an address elsewhere.
  const back = typeof s.returnTo === 'string' ? s.returnTo : (search.get('from') ?? undefined);
  return { quizId: quizId || undefined, returnTo: back && back.startsWith('/') && !back.startsWith('//') ? back : undefined };
}

/** The address of a quiz: /quiz?id=… (and &from= the lecture), with the same in the state. */
export function quizLink(quizId: string, returnTo?: string): { to: string; state: QuizNavState } {
  const qs = new URLSearchParams({ id: quizId });
  if (returnTo) qs.set('from', returnTo);
  return { to: `/quiz?${qs}`, state: { quizId, returnTo } };
}

/** The answers as the form holds them: question id → the chosen option's text. */
export type Answers = Record<string, string>;

export const answerList = (answers: Answers) => Object.entries(answers).map(([questionId, answerText]) => ({ questionId, answerText }));
export const answersFrom = (list: { questionId: string; answerText: string }[] | undefined): Answers =>
  Object.fromEntries((list ?? []).map((a) => [a.questionId, a.answerText]));

/** Answered questions of the quiz (answers to questions it no longer has do not count). */
export const answeredCount = (questionIds: string[], answers: Answers) => questionIds.filter((id) => answers[id] !== undefined).length;

/** Milliseconds left as m:ss (or h:mm:ss), never below zero. */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Images come as site paths (/media/images/…); they live where the API does. */
export const imageSrc = (path: string | null | undefined): string | undefined => (path ? (path.startsWith('/') ? apiUrl(path) : path) : undefined);

/** '1 question' / 'N questions', as the quiz cards and the quiz page say it. */
export const questionCountText = (t: Translate, n: number) => (n === 1 ? t('quiz.oneQuestion') : t('quiz.questionCount', { n }));
