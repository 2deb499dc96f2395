/**
 * Response bodies of the routes whose domains are not built yet (quizzes, coupons, users,
 * messages, payments) and of the few built routes that answer a bare `{message}` or a redirect.
 * Shapes follow spec sections 3 and 7: lists come as `{ data: [...] }`, confirmations as
 * `{ message }`, a deletion as `{ id, message }`. The route table names them in `response`, so the
 * OpenAPI document (shared/openapi.ts) and the web's types read the same shape the handler returns.
 */
import { z } from 'zod';
import { QUESTION_TYPES } from '../constants';
import { user } from './auth';
import { lecture, video } from './catalogue';
import { coupon } from './commerce';
import { message } from './common';

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
export const purchasesResponse = z.object({ data: z.array(lecture) });
export const paymentIntention = z.object({
  message: z.string(),
  paymentUrl: z.string(),
  data: z.object({
    originalPrice: z.number(),
    discountedPrice: z.number(),
    /** Percent taken off by the applied coupon. */
    discount: z.number().optional(),
    couponCode: z.string().optional(),
  }),
});
export const paymobCallbackResponse = message;

// coupons
export const couponValidation = z.object({ code: z.string(), discount: z.number() });
export const couponCreated = z.object({ message: z.string(), data: coupon });
export const couponList = z.object({ data: z.array(coupon) });

// quizzes (spec 3 "Quiz", "Question", "Quiz result")
export const quizOption = z.object({ id: z.string(), text: z.string(), imageUrl: z.string().nullable().optional() });
/** A question as the student sees it: no correct answer. */
export const quizQuestionView = z.object({
  id: z.string(),
  text: z.string(),
  imageUrl: z.string().nullable().optional(),
  type: z.enum(QUESTION_TYPES),
  options: z.array(quizOption),
});
/** The admin's view adds the correct answer. */
export const quizQuestionAdmin = quizQuestionView.extend({ correctAnswerText: z.string() });
const quizBase = z.object({ id: z.string(), title: z.string(), description: z.string(), imageUrl: z.string().nullable().optional(), createdAt: z.string() });
export const quizView = quizBase.extend({ questions: z.array(quizQuestionView) });
export const quizAdmin = quizBase.extend({ questions: z.array(quizQuestionAdmin) });
export const quizResponse = z.object({ data: quizView });
export const quizResult = z.object({ score: z.number(), scoreDetails: z.string(), passed: z.boolean() });
export const quizSubmitted = z.object({ message: z.string(), data: quizResult });
export const quizStatus = z.object({ data: z.object({ passed: z.boolean(), score: z.number().nullable() }) });
export const quizList = z.object({ data: z.array(quizAdmin) });
export const quizSaved = z.object({ message: z.string(), data: quizAdmin });
/** One row of a quiz's results: the student and the score as a percent string ('80%'). */
export const quizResults = z.object({ data: z.array(z.object({ studentName: z.string(), score: z.string() })) });

// users (spec 3 "User", 7 "Users and messages")
export const profile = z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), mobileNumber: z.string().optional() });
export const profileResponse = z.object({ data: profile });
export const profileUpdated = z.object({ message: z.string(), data: profile });
export const userPage = z.object({ data: z.array(user), page: z.number().int(), limit: z.number().int(), total: z.number().int() });
export const userBlocked = z.object({ message: z.string(), data: z.object({ id: z.string(), block: z.boolean() }) });
export const lectureGranted = z.object({ message: z.string(), data: z.object({ email: z.string(), lectureName: z.string() }) });

// messages (spec 3 "Contact message")
export const contactMessage = z.object({
  id: z.string(),
  subject: z.string(),
  message: z.string(),
  user: z.object({ firstName: z.string(), lastName: z.string() }),
  createdAt: z.string().optional(),
});
export const contactMessages = z.object({ data: z.array(contactMessage) });
