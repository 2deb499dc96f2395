/**
 * Response bodies of the routes whose domains are not built yet (quizzes, coupons, users,
 * messages, payments) and of the few built routes that answer a bare `{message}` or a redirect.
 * Shapes follow spec sections 3 and 7: lists come as `{ data: [...] }`, confirmations as
 * `{ message }`, a deletion as `{ id, message }`. The route table names them in `response`, so the
 * OpenAPI document (shared/openapi.ts) and the web's types read the same shape the handler returns.
 */
import { z } from 'zod';
import { QUESTION_TYPES } from '../constants.ts';
import { video } from './catalogue.ts';
import { coupon, order, purchasedBundle, purchasedLecture, salesReport } from './commerce.ts';
import { message } from './common.ts';
import { contactInfo, userDetails, userRow } from './people.ts';

// responses

/** A confirmation the web shows as it is ('Logout Successfully', 'تم التحديث بنجاح'). */
export const messageResponse = message;
/** A deletion: the id that is gone and the confirmation. */
export const deletedResponse = z.object({ id: z.string(), message: z.string() });
/** A 302 to the web app: the Location header carries the outcome; no body. */
export const redirectResponse = z.undefined();

// health
export const healthResponse = z.object({ status: z.literal('ok'), services: z.record(z.string(), z.enum(['up', 'down'])) });

// catalogue: the video routes
export const videoDeleted = z.object({ id: z.string(), lectureId: z.string(), message: z.string() });
export const videoUpdated = z.object({ message: z.string(), data: video });

// payments (spec 3 "Payment data", 7 "Payment and coupons")
/** My lectures (/profile/lecPay): purchases and grants, and the orders still waiting (a kiosk reference). */
export const purchasesResponse = z.object({ data: z.array(purchasedLecture), pending: z.array(order), bundles: z.array(purchasedBundle).optional() });
export const paymentIntention = z.object({
  message: z.string(),
  /** Paymob's checkout for this order; '' when nothing is left to pay (a 100 % coupon granted the lecture). */
  paymentUrl: z.string(),
  orderId: z.string(),
  /** True when the lecture is now the student's without the gateway (a 100 % coupon, or paid from the balance). */
  granted: z.boolean(),
  data: z.object({
    originalPrice: z.number(),
    discountedPrice: z.number(),
    /** Percent taken off by the applied coupon. */
    discount: z.number().optional(),
    couponCode: z.string().optional(),
    /** Paid from the balance (`useWallet`): what is left on it (LE). */
    balance: z.number().optional(),
  }),
});
/** A top-up's Paymob checkout: the order that credits the balance once paid, and the amount (LE). */
export const topUpIntention = z.object({ message: z.string(), paymentUrl: z.string(), orderId: z.string(), amount: z.number() });
export const paymobCallbackResponse = message;
export const salesResponse = z.object({ data: salesReport });

// coupons
export const couponValidation = z.object({ code: z.string(), discount: z.number() });
export const couponCreated = z.object({ message: z.string(), data: coupon });
export const couponList = z.object({ data: z.array(coupon) });

// quizzes (spec 3 "Quiz", "Question", "Quiz result", "Quiz status", "Quiz result row")
export const quizSettingsView = z.object({
  revealAnswers: z.boolean(),
  timeLimitMinutes: z.number().nullable(),
  maxAttempts: z.number().nullable(),
  shuffle: z.boolean(),
  drawCount: z.number().nullable(),
});
export const quizOption = z.object({ id: z.string(), text: z.string(), imageUrl: z.string().nullable().optional() });
/** A question as the student sees it: nothing says which option is right. */
export const quizQuestionView = z.object({
  id: z.string(),
  text: z.string(),
  imageUrl: z.string().nullable().optional(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(quizOption),
});
/** The admin's view adds the correct answer. */
export const quizQuestionAdmin = quizQuestionView.extend({ correctAnswerText: z.string(), tags: z.array(z.string()) });
const quizBase = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  questionCount: z.number().int(),
  settings: quizSettingsView,
});
/** An attempt in progress: the answers saved so far, and a timed one's deadline (the server closes it 60 s later; null untimed). */
export const quizAttempt = z.object({ number: z.number().int(), startedAt: z.string(), deadline: z.string().nullable(), answers: z.array(z.object({ questionId: z.string(), answerText: z.string() })) });
/**
 * The quiz to take: questions (shuffled per attempt when the teacher chose it) without answers,
 * the open timed attempt if any, attempts used and left (null: unlimited) and whether passed.
 */
export const quizView = quizBase.extend({
  questions: z.array(quizQuestionView),
  attempt: quizAttempt.nullable(),
  attemptsUsed: z.number().int(),
  attemptsLeft: z.number().int().nullable(),
  passed: z.boolean(),
});
/** The admin's whole quiz (GET /api/Quizz/{quizId} as an admin, and after a save): answers, section, videos using it. */
export const quizAdmin = quizBase.extend({
  questions: z.array(quizQuestionAdmin),
  contentId: z.string().nullable(),
  videoCount: z.number().int(),
});
/** A row of the quiz lists: no questions, their count. */
export const quizSummary = quizBase.extend({ contentId: z.string().nullable() });
export const quizResponse = z.object({ data: z.union([quizView, quizAdmin]) });
/** Per question of an attempt: right or wrong, and the right answer only when the teacher reveals it. */
export const questionMark = z.object({ questionId: z.string(), answerText: z.string().nullable(), correct: z.boolean(), correctAnswerText: z.string().optional() });
export const quizResult = z.object({
  /** Percent, rounded. */
  score: z.number(),
  /** 'correct/total'. */
  scoreDetails: z.string(),
  /** This attempt reached the pass mark (50 %). */
  passed: z.boolean(),
  attempt: z.number().int(),
  attemptsLeft: z.number().int().nullable(),
  /** Closed by the server at the deadline with the answers it had. */
  closedAtDeadline: z.boolean(),
  questions: z.array(questionMark),
});
export const quizSubmitted = z.object({ message: z.string(), data: quizResult });
/** Passed once any attempt passed; score is the best attempt's percent (null before any). */
export const quizStatus = z.object({ data: z.object({ passed: z.boolean(), score: z.number().nullable(), attempts: z.number().int() }) });
export const quizList = z.object({ data: z.array(quizSummary) });
export const quizSaved = z.object({ message: z.string(), data: quizAdmin });
/** A question of the bank: what the editor copies (with its answer: the bank is the teacher's), and where it is from. */
export const bankQuestion = z.object({
  quizId: z.string(),
  quizTitle: z.string(),
  questionId: z.string(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(z.object({ text: z.string() })),
  correctAnswerText: z.string(),
  tags: z.array(z.string()),
  imageUrl: z.string().nullable(),
});
export const questionBank = z.object({ data: z.array(bankQuestion), tags: z.array(z.string()), next: z.string().nullable() });
export const quizDeleted = z.object({ id: z.string(), message: z.string(), videosUnlocked: z.number().int() });
export const quizAnswersSaved = z.object({ message: z.string(), data: quizAttempt });
/** One row of a quiz's results: each student's best attempt, the score as a percent string ('80%'). */
export const quizResultRow = z.object({
  userId: z.string(),
  studentName: z.string(),
  /** The student's account was deleted since (the name is the one kept then). */
  studentDeleted: z.boolean(),
  score: z.string(),
  scorePercent: z.number(),
  performance: z.string(),
  attempts: z.number().int(),
  /** The first attempt's percent; null when it was not kept apart (a result older than the attempts' index, of several attempts). */
  firstScore: z.number().nullable(),
  bestScore: z.number(),
  passed: z.boolean(),
  /** How much of the video the quiz gates the student had watched at their latest submit (the least watched, if it gates several); null: none watched, or not known. */
  watchedBefore: z.object({ videoId: z.string(), percent: z.number() }).nullable(),
});
/** One finished attempt: when, its percent, and (for the teacher) each question's mark. */
export const quizAttemptFinished = z.object({
  number: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string(),
  score: z.number(),
  passed: z.boolean(),
  closedAtDeadline: z.boolean(),
  marks: z.array(z.object({ questionId: z.string(), answerText: z.string().nullable(), correct: z.boolean() })).optional(),
});
/** A student's finished attempts at a quiz, first to last. */
export const quizAttempts = z.object({ data: z.array(quizAttemptFinished) });
/** How one question did: facility (0–1) and the wrong answers over every attempt, discrimination (−1–1) between the students' best attempts. */
export const questionAnalytics = z.object({
  questionId: z.string(),
  text: z.string(),
  type: z.enum(QUESTION_TYPES),
  answered: z.number().int(),
  facility: z.number().nullable(),
  discrimination: z.number().nullable(),
  mostChosenWrong: z.object({ answerText: z.string(), count: z.number().int() }).nullable(),
});
export const quizResults = z.object({
  data: z.array(quizResultRow),
  summary: z.object({ totalStudents: z.number().int(), averageScore: z.number(), highestScore: z.number(), lowestScore: z.number() }),
  analytics: z.array(questionAnalytics),
});

// users (spec 3 "User", 7 "Users and messages")
export const profile = z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), mobileNumber: z.string().optional(), schooleYear: z.string().optional() });
export const profileResponse = z.object({ data: profile });
/** `passwordChanged`: the other sessions of this student end at their next call. */
export const profileUpdated = z.object({ message: z.string(), data: profile, passwordChanged: z.boolean() });
/** `total` counts the matches (all users without a search); `pages` = ceil(total / limit). */
export const userPage = z.object({
  data: z.array(userRow),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
  /** A search at a big school stops reading early: `total` is then the matches found so far (at least that many). */
  totalIsLowerBound: z.boolean().optional(),
});
export const userBlocked = z.object({ message: z.string(), data: z.object({ id: z.string(), block: z.boolean() }) });
export const lectureGranted = z.object({
  message: z.string(),
  data: z.object({ email: z.string(), lectureName: z.string(), lectureId: z.string(), purchaseDate: z.string(), expiryDate: z.string() }),
});
export const userDetailsResponse = z.object({ data: userDetails });

// messages (spec 3 "Contact message")
export const contactMessage = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  /** The sender as they were when they wrote (a deleted student still shows by name). */
  user: z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), email: z.string().optional(), mobileNumber: z.string().optional() }),
  createdAt: z.string(),
  /** Beyond the spec: unread until the teacher opens the inbox. */
  read: z.boolean(),
  /** Beyond the spec: the teacher's replies, oldest first. */
  replies: z.array(z.object({ text: z.string(), createdAt: z.string() })),
});
export const contactMessages = z.object({ data: z.array(contactMessage), unread: z.number().int() });
export const unreadMessages = z.object({ data: z.object({ unread: z.number().int() }) });
export const messagesRead = z.object({ message: z.string(), data: z.object({ unread: z.number().int() }) });
export const contactInfoResponse = z.object({ data: contactInfo });
export const messageReplied = z.object({ message: z.string(), data: contactMessage.omit({ read: true }) });
/** A student's own messages with the teacher's replies, and how many replies they have not seen. */
export const myMessages = z.object({ data: z.array(contactMessage.omit({ read: true, user: true })), unread: z.number().int() });
