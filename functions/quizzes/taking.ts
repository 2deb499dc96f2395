/**
 * A student taking a quiz: the quiz without its answers (in the attempt's order), the answers saved
 * as given (a reload keeps them), the submit scored on the server from the stored answers, the pass
 * status, the student's own attempts, and the teacher's optional rules — a time limit (the attempt
 * opens on the server, it closes at the deadline plus a grace with what it has), a maximum number of
 * attempts (held across tabs by conditional writes), and drawn questions (settings.drawCount: the
 * attempt opens with the quiz, draws its questions once and is scored on them only; draw.ts).
 */
import { QUIZ_GRACE_SECONDS } from '../../shared/constants';
import type { QuestionRecord, QuizRecord, QuizWithQuestions } from '../data/quiz-repo';
import { quizById, quizKeyOf, quizVersion, quizzesOfSection } from '../data/quiz-repo';
import { type AttemptRecord, attemptsOf, type ResultRecord, resultKeyOf, resultOf, writeResult } from '../data/result-repo';
import { sectionById } from '../data/section-repo';
import { termById } from '../data/term-repo';
import type { TransactItem } from '../data/items';
import { noteItem } from '../data/notification-repo';
import { Conflict, NotFound } from '../lib/errors';
import type { ItemKey, ReadAlong } from '../lib/http';
import { assertTermOpen } from '../catalogue/public';
import { cachedQuiz, forgetQuiz } from './quiz-cache';
import { assertQuizTermOpen } from './term-lock';
import { drawQuestions } from './draw';
import { type Answer, attemptOrder, checkAnswers, correctTextOf, scoreAnswers } from './scoring';
import { toQuestionView, toQuizSummary } from './views';
import { keepGatedVideos, type WatchedBefore, watchedBefore } from './watched-before';

export interface Student {
  userId: string;
  isAdmin: boolean;
  claims: Record<string, unknown>;
  /** The student's result and the quiz item, when the session gate read them with their record (ownKeysOfQuiz). */
  readAlong?: ReadAlong;
}

/**
 * What taking a quiz reads first, named before the session gate runs so that it reads them with the
 * student's record (lib/http.ts readsAlong): the student's result and the quiz item (its version).
 * An exam's open is then one store request, and its submit two (this read and the write).
 */
export const ownKeysOfQuiz = ({ params, userId }: { params: { quizId: string }; userId: string }): ItemKey[] => [resultKeyOf(userId, params.quizId), quizKeyOf(params.quizId)];

/** The request's first look at the result (read beside the quiz), and what the session gate read along: the first look only. */
interface FirstLook {
  result: Promise<ResultRecord | undefined>;
  along?: ReadAlong;
}

/** The name the results table shows, from the ID token (Cognito's given and family name). */
const nameOf = (s: Student) => [s.claims.given_name, s.claims.family_name].filter((p) => typeof p === 'string' && p.trim()).join(' ') || 'Student';

const emptyResult = (s: Student, quizId: string): ResultRecord => ({
  userId: s.userId,
  quizId,
  studentName: nameOf(s),
  attempts: 0,
  bestScore: null,
  best: [],
  passed: false,
  lastScore: null,
  open: null,
  version: 0,
  updatedAt: new Date().toISOString(),
});

/** An untimed attempt in progress never closes by itself. */
const closesAt = (open: NonNullable<ResultRecord['open']>) => (open.deadline === null ? Infinity : Date.parse(open.deadline) + QUIZ_GRACE_SECONDS * 1000);
const isTimed = (q: QuizRecord) => q.settings.timeLimitMinutes !== null;
/** A quiz whose attempts draw some of its questions: the attempt opens (and draws) when the quiz is opened. */
const draws = (q: QuizRecord) => (q.settings.drawCount ?? null) !== null;
/** The questions an attempt is on: those it drew, or every question. */
const questionsOfAttempt = (questions: QuestionRecord[], open: ResultRecord['open']) => {
  if (!open?.drawn) return questions;
  const drawn = new Set(open.drawn);
  return questions.filter((q) => drawn.has(q.id));
};
/** A timed attempt in progress is used already (its clock runs); untimed answers saved so far use nothing yet. */
const attemptsLeft = (q: QuizRecord, r: ResultRecord) => (q.settings.maxAttempts === null ? null : Math.max(0, q.settings.maxAttempts - r.attempts - (r.open?.deadline ? 1 : 0)));

interface Step<T> {
  value: T;
  /** `also`: the student's own items written in the same transaction (the result's notification). */
  write?: { result: ResultRecord; attempt?: AttemptRecord; also?: TransactItem[] };
}

const MAX_TRIES = 12;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The quiz changed (edited, deleted) between the read the step used and its write. */
class QuizChanged extends Error {}

/**
 * Reads the student's result, lets `step` decide, writes what it returns on the condition that
 * nothing changed meanwhile, and reads again when something did (another tab, another submit).
 * The write also holds only while the quiz is the version `quiz` was read at.
 */
async function withResult<T>(s: Student, quiz: QuizRecord, step: (r: ResultRecord) => Step<T>, first?: FirstLook): Promise<T> {
  for (let i = 0; i < MAX_TRIES; i++) {
    // The quiz item's version, read beside the result: the quiz scored (perhaps from the cache) must
    // still be the quiz, or it is read afresh and scored again (an edit or a delete in between).
    // (A retry, or the quiz read afresh after a change, reads the version again: never the one read along.)
    const version = quizVersion(quiz.id, i === 0 ? first?.along : undefined);
    version.catch(() => undefined);
    const stored = await (i === 0 && first ? first.result : resultOf(s.userId, quiz.id));
    const { value, write } = step(stored ?? emptyResult(s, quiz.id));
    if (!write) return value;
    if ((await version) !== quiz.updatedAt) throw new QuizChanged();
    const next = { ...write.result, version: (stored?.version ?? 0) + 1, updatedAt: new Date().toISOString() };
    if ((await writeResult(next, stored?.version, write.attempt, write.also)) === 'written') return value;
    await pause(5 + Math.random() * 20 * (i + 1));
  }
  throw new Conflict('This quiz is being submitted from elsewhere at the same moment; try again', 'quiz.busy');
}

/**
 * Runs `use` with the quiz from the short-lived cache (quiz-cache.ts) and, if the quiz changed before
 * the write, once more with the quiz read afresh.
 */
async function withFreshQuiz<T>(quizId: string, use: (qw: QuizWithQuestions) => Promise<T>): Promise<T> {
  const load = async () => {
    const qw = await cachedQuiz(quizId);
    if (!qw) throw new NotFound('Quiz not found', 'quiz.notFound');
    return qw;
  };
  try {
    return await use(await load());
  } catch (e) {
    if (!(e instanceof QuizChanged)) throw e;
    forgetQuiz(quizId);
    try {
      return await use(await load());
    } catch (again) {
      if (again instanceof QuizChanged) throw new Conflict('The teacher is changing this quiz right now; try again in a moment', 'quiz.busy');
      throw again;
    }
  }
}

/** An attempt finished: marked, kept, and folded into the result (best attempt, passed once any passed). */
function finish(r: ResultRecord, questions: QuestionRecord[], answers: Map<string, string> | Record<string, string>, closedAtDeadline: boolean, watched?: WatchedBefore | null) {
  // A drawn attempt is scored on its drawn questions only: answers to others change nothing.
  const s = scoreAnswers(questionsOfAttempt(questions, r.open), answers);
  const number = r.open?.number ?? r.attempts + 1;
  const better = r.bestScore === null || s.score > r.bestScore;
  const result: ResultRecord = {
    ...r,
    attempts: r.attempts + 1,
    bestScore: better ? s.score : r.bestScore,
    best: better ? s.marks : r.best,
    passed: r.passed || s.passed,
    lastScore: s.score,
    open: null,
    // The latest attempt's figure (a submit's; an attempt closed at its deadline has none).
    watchedBefore: watched ?? null,
  };
  const attempt: AttemptRecord = {
    userId: r.userId,
    quizId: r.quizId,
    number,
    startedAt: r.open?.startedAt ?? null,
    finishedAt: new Date().toISOString(),
    score: s.score,
    passed: s.passed,
    marks: s.marks,
    closedAtDeadline,
    watchedBefore: watched ?? null,
  };
  return { score: s, attempt, result };
}

/** A timed attempt past its deadline and grace is closed with the answers it has. */
const closeIfExpired = (r: ResultRecord, questions: QuestionRecord[], now = Date.now()) =>
  r.open && now > closesAt(r.open) ? finish(r, questions, r.open.answers, true) : undefined;

const attemptView = (open: ResultRecord['open']) =>
  open ? { number: open.number, startedAt: open.startedAt, deadline: open.deadline, answers: Object.entries(open.answers).map(([questionId, answerText]) => ({ questionId, answerText })) } : null;

/**
 * The quiz to take. For a timed quiz this opens the attempt (once attempts remain): the deadline
 * runs from here, whatever the browser's clock says. Questions and options come in the attempt's order.
 */
export async function getQuizToTake(quizId: string, s: Student) {
  // The result is read beside the quiz (an exam burst opens the same quiz a thousand times).
  const result = resultOf(s.userId, quizId, s.readAlong);
  result.catch(() => undefined);
  // The submit then finds the quiz's videos kept (its "watched before" reads the student's watching only).
  keepGatedVideos(quizId);
  let uses = 0;
  return withFreshQuiz(quizId, (qw) => quizToTake(qw, s, { result, along: uses++ === 0 ? s.readAlong : undefined }));
}

async function quizToTake({ quiz, questions }: QuizWithQuestions, s: Student, first: FirstLook) {
  await assertQuizTermOpen(quiz, s);
  const result =
    isTimed(quiz) || draws(quiz)
      ? await withResult(
          s,
          quiz,
          (r) => {
            const closed = closeIfExpired(r, questions);
            let next = closed?.result ?? r;
            const left = quiz.settings.maxAttempts === null || next.attempts < quiz.settings.maxAttempts;
            // No attempt open, or answers saved while the quiz had no time limit: the clock starts now.
            if (left && isTimed(quiz) && !next.open?.deadline) {
              const startedAt = new Date();
              const deadline = new Date(startedAt.getTime() + quiz.settings.timeLimitMinutes! * 60_000);
              next = { ...next, open: { ...next.open, number: next.attempts + 1, startedAt: startedAt.toISOString(), deadline: deadline.toISOString(), answers: next.open?.answers ?? {} } };
            }
            // The attempt's questions are drawn once, as it opens, and kept with it: a reload shows the same ones.
            if (left && draws(quiz) && !next.open?.drawn) {
              const open = next.open ?? { number: next.attempts + 1, startedAt: new Date().toISOString(), deadline: null, answers: {} };
              next = { ...next, open: { ...open, drawn: drawQuestions(questions, quiz.settings.drawCount!).map((q) => q.id) } };
            }
            return { value: next, write: next === r ? undefined : { result: next, attempt: closed?.attempt } };
          },
          first,
        )
      : ((await first.result) ?? emptyResult(s, quiz.id));
  const number = result.open?.number ?? result.attempts + 1;
  // A drawn quiz with no attempt open (none left) shows no question: the undrawn ones never leave the server.
  const ofAttempt = draws(quiz) && !result.open?.drawn ? [] : questionsOfAttempt(questions, result.open);
  const shown = quiz.settings.shuffle ? attemptOrder(ofAttempt, `${s.userId}:${quiz.id}:${number}`) : ofAttempt;
  return {
    ...toQuizSummary(quiz),
    questions: shown.map(toQuestionView),
    attempt: attemptView(result.open),
    attemptsUsed: result.attempts,
    attemptsLeft: attemptsLeft(quiz, result),
    passed: result.passed,
  };
}

/** Scores the answers from the stored questions; every attempt is kept. */
export async function submitQuiz(quizId: string, s: Student, answers: Answer[]) {
  const result = resultOf(s.userId, quizId, s.readAlong);
  result.catch(() => undefined);
  // How much of the gating video the student had watched: read beside the result, never failing the submit.
  const watched = watchedBefore(quizId, s.userId);
  let tries = 0;
  return withFreshQuiz(quizId, (qw) => scoreSubmit(qw, s, answers, watched, tries++ === 0 ? { result, along: s.readAlong } : undefined));
}

async function scoreSubmit({ quiz, questions }: QuizWithQuestions, s: Student, answers: Answer[], watchedPromise: Promise<WatchedBefore | null>, first?: FirstLook) {
  // Checked before anything is written: a locked term (403), an unknown question or option (400).
  await assertQuizTermOpen(quiz, s);
  const given = checkAnswers(questions, answers);
  const watched = await watchedPromise;
  const done = await withResult(
    s,
    quiz,
    (r) => {
      let f: ReturnType<typeof finish>;
      if (isTimed(quiz)) {
        if (!r.open) throw new Conflict('Open the quiz first: a timed attempt starts when the quiz is opened', 'quiz.noOpenAttempt');
        const expired = closeIfExpired(r, questions);
        // Past the deadline and its grace, the answers of this request change nothing.
        f = expired ?? finish(r, questions, { ...r.open.answers, ...Object.fromEntries(given) }, false, watched);
      } else {
        if (quiz.settings.maxAttempts !== null && r.attempts >= quiz.settings.maxAttempts) throw new Conflict('You have used all your attempts at this quiz', 'quiz.noAttemptsLeft');
        if (draws(quiz) && !r.open?.drawn) throw new Conflict('Open the quiz first: its questions are drawn when the attempt opens', 'quiz.noOpenAttempt');
        // The answers saved so far are this attempt's (its number, when it started); the submit carries every answer.
        f = finish(r, questions, given, false, watched);
      }
      // The bell tells of it: its notification is written with the attempt (the student's own item, no round trip of its own).
      const note = noteItem(s.userId, { type: 'quizResult', quizId: quiz.id, title: quiz.title, score: f.score.correct, total: f.score.total, passed: f.score.passed });
      return { value: f, write: { result: f.result, attempt: f.attempt, also: [note] } };
    },
    first,
  );
  const reveal = quiz.settings.revealAnswers;
  const byId = new Map(questions.map((q) => [q.id, q]));
  return {
    score: done.score.score,
    scoreDetails: `${done.score.correct}/${done.score.total}`,
    passed: done.score.passed,
    attempt: done.attempt.number,
    attemptsLeft: attemptsLeft(quiz, done.result),
    closedAtDeadline: done.attempt.closedAtDeadline,
    questions: done.score.marks.map((m) => ({ ...m, ...(reveal ? { correctAnswerText: correctTextOf(byId.get(m.questionId)!) } : {}) })),
  };
}

/**
 * Saves answers as given, so a reload keeps them: into the open timed attempt (past its deadline and
 * grace it closes instead, 409), or for an untimed quiz into the attempt in progress, begun by its first saved answer.
 */
export async function saveQuizAnswers(quizId: string, s: Student, answers: Answer[]) {
  return withFreshQuiz(quizId, (qw) => saveAnswers(qw, s, answers));
}

async function saveAnswers({ quiz, questions }: QuizWithQuestions, s: Student, answers: Answer[]) {
  await assertQuizTermOpen(quiz, s);
  const given = checkAnswers(questions, answers);
  const saved = await withResult(s, quiz, (r) => {
    const open = r.open ?? (isTimed(quiz) || draws(quiz) ? undefined : untimedAttempt(quiz, r));
    if (!open) throw new Conflict('No attempt is open: open the quiz first', 'quiz.noOpenAttempt');
    const closed = closeIfExpired(r, questions);
    if (closed) return { value: undefined, write: { result: closed.result, attempt: closed.attempt } };
    // Answers to questions the attempt did not draw are not kept.
    const kept = new Set(questionsOfAttempt(questions, open).map((q) => q.id));
    const result = { ...r, open: { ...open, answers: { ...open.answers, ...Object.fromEntries([...given].filter(([id]) => kept.has(id))) } } };
    return { value: attemptView(result.open), write: { result } };
  });
  if (!saved) throw new Conflict('The time is up: the attempt was closed with the answers saved before the deadline', 'quiz.attemptClosed');
  return saved;
}

/** An untimed attempt begun by its first saved answer, while attempts remain. */
function untimedAttempt(quiz: QuizRecord, r: ResultRecord): NonNullable<ResultRecord['open']> {
  if (quiz.settings.maxAttempts !== null && r.attempts >= quiz.settings.maxAttempts) throw new Conflict('You have used all your attempts at this quiz', 'quiz.noAttemptsLeft');
  return { number: r.attempts + 1, startedAt: new Date().toISOString(), deadline: null, answers: {} };
}

/** My finished attempts at a quiz, first to last: when, the score, passed (the marks stay with the result shown then). */
export async function listMyAttempts(quizId: string, s: Student) {
  const [quiz, attempts] = await Promise.all([cachedQuiz(quizId), attemptsOf(s.userId, quizId)]);
  if (!quiz) throw new NotFound('Quiz not found', 'quiz.notFound');
  return attempts
    .sort((a, b) => a.number - b.number)
    .map(({ number, startedAt, finishedAt, score, passed, closedAtDeadline }) => ({ number, startedAt, finishedAt, score, passed, closedAtDeadline }));
}

/** Passed once any attempt passed; the best score. An expired timed attempt is closed first. */
export async function checkQuizStatus(quizId: string, s: Student) {
  const [quiz, stored] = await Promise.all([quizById(quizId, s.readAlong), resultOf(s.userId, quizId, s.readAlong)]);
  if (!quiz) throw new NotFound('Quiz not found', 'quiz.notFound');
  let result = stored;
  if (stored?.open && Date.now() > closesAt(stored.open)) {
    result = await withFreshQuiz(quizId, ({ quiz: q, questions }) =>
      withResult(s, q, (r) => {
        const closed = closeIfExpired(r, questions);
        return closed ? { value: closed.result, write: { result: closed.result, attempt: closed.attempt } } : { value: r };
      }),
    );
  }
  return { passed: result?.passed ?? false, score: result?.bestScore ?? null, attempts: result?.attempts ?? 0 };
}

/** The quizzes of a Quiz section for the content page (the term's lock holds as for lectures). */
export async function listQuizzesToTake(contentId: string, viewer: Student) {
  const section = await sectionById(contentId);
  if (!section) throw new NotFound('Content section not found', 'section.notFound');
  if (!viewer.isAdmin) assertTermOpen(await termById(section.termId), viewer);
  return (await quizzesOfSection(contentId)).map(toQuizSummary).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
