/**
 * The body of every error response, on every route, and the stable codes it carries.
 *
 * `message` stays readable English (logs, curl, old clients); `code` names the error so the web
 * shows the dictionary's text `error.<code>` in the user's language; a 400 of `code: 'validation'`
 * lists each problem in `errors` with its rule code (shared/rules.ts) and field.
 */
import type { Rule, RuleCode } from './rules.ts';

export const ERROR_CODES = [
  // Any route
  'validation', // a 400 whose `errors` list the rule of each field
  'badRequest', // a 400 without field detail (e.g. the body is not JSON)
  'unsupportedType', // 415: the form must be multipart/form-data
  'tooLarge', // 413
  'unauthorized', // 401 by default
  'forbidden', // 403 by default
  'notFound', // 404: no such route or record
  'conflict', // 409: the record changed meanwhile
  'tooManyRequests', // 429 by default
  'notImplemented', // 501: the route is not built yet
  'unavailable', // 503
  'internal', // 500: ours to fix, nothing internal is said
  'origin.direct', // 403: the API was called directly, not through the site's CloudFront (functions/lib/origin-guard.ts)
  // Sessions (401) and access (403)
  'session.required', // no token: please log in
  'session.wrongToken', // not the ID token of a session
  'session.expired',
  'session.loggedOut',
  'session.otherDevice', // signed in elsewhere
  'session.passwordChanged',
  'session.passwordReset',
  'session.accountDeleted',
  'session.blocked', // the account was blocked: its sessions ended for good (an unblock does not revive them)
  'user.blocked', // 403 with `user: { block: true }`
  'admin.only',
  // Auth
  'auth.badCredentials', // 401 wrong e-mail/phone or password
  'auth.notActivated', // 403
  'auth.tooManyAttempts', // 429 this account's next attempt must wait (`retryAfter` seconds)
  'auth.tooManyFromNetwork', // 429 too many failed attempts from the caller's address (`retryAfter` seconds)
  'auth.emailInUse', // 409
  'auth.phoneInUse', // 409
  'auth.accountInUse', // 409 e-mail or phone (a race)
  'auth.googleCodeInvalid', // 401 the Google sign-in's one-time code is unknown, used, expired or not this browser's
  'auth.resetCode', // 400 the code is wrong or has expired
  'auth.resetCodeVoid', // 429 too many wrong codes
  'auth.resetNotVerified', // 400 verify the code first
  'auth.resetCodesCapped', // 429 too many codes asked for this e-mail this hour; no mail sent (`retryAfter`)
  'auth.resetGuessesCapped', // 429 too many wrong codes for this e-mail this hour (`retryAfter`)
  'auth.mfaCode', // 400 the authenticator code is not the one the app shows now
  'auth.mfaSessionExpired', // 401 the sign-in waiting for an authenticator code is over (3 min, used, or another account's): password again
  'auth.mfaAlreadyOn', // 409 the authenticator is set up already; the operator's `npm run admin:create` turns it off
  'auth.signUpsFromNetwork', // 429 too many sign-ups from the caller's address; no account, no mail (`retryAfter`)
  'auth.signUpsForEmail', // 429 too many sign-ups with this e-mail this hour (`retryAfter`)
  'auth.activationMailsCapped', // 429 too many activation mails asked for this e-mail this hour; no mail sent (`retryAfter`)
  // Catalogue
  'course.notFound',
  'course.noChange', // 400 neither name nor image sent
  'term.notFound',
  'term.locked', // 403
  'term.changed', // 409
  'term.bundleEnd', // 400 a bundle price needs the date the bundle ends
  'section.notFound',
  'lecture.notFound',
  'lecture.section', // 400 contentId names no section
  'lecture.quizSection', // 400 lectures do not go in a Quiz section
  'video.notFound',
  'video.key', // 400 videoUrl is not the key of an uploaded video
  'video.notUploaded', // 400 no file at that key
  'video.quiz', // 400 a video's quizId names no quiz
  'lecture.notOwned', // 403 the lecture is not free and this student has no unexpired purchase or grant
  'video.locked', // 403 the quiz gate holds this video back (pass the earlier video's quiz)
  'video.viewLimit', // 403 every view of this video allowed by the lecture is used
  'video.notReady', // 409 the video is still being prepared (transcoded), or its preparation failed
  'video.notRetryable', // 409 only a video whose preparation failed, or made no progress for VIDEO_STUCK_AFTER_MINUTES, is prepared again
  'playback.notFound', // 404 no playback of this student has this id (countVideoView)
  'playback.required', // 403 the AES key goes only to a student with an unexpired playback of that video
  'upload.notFound', // 404 no such multipart upload for this key (finished, cancelled or cleaned up)
  'upload.parts', // 400 the parts to finish with are not the stored ones (missing, other ETag, a part under 5 MiB before the last)
  // Quizzes
  'quiz.notFound',
  'question.notFound',
  'quiz.question', // 400 an edited question id is not a question of this quiz
  'quiz.questionImage', // 400 questionImages[key] names no question of the form
  'quiz.answer', // 400 an answer names an unknown question, another quiz's question or no option of it
  'quiz.sectionType', // 400 quizzes are assigned to a content section of type Quiz only
  'quiz.noAttemptsLeft', // 409 the quiz's maximum number of attempts is used up
  'quiz.attemptClosed', // 409 the timed attempt has closed (deadline + grace); nothing changed
  'quiz.noOpenAttempt', // 409 a timed quiz is answered inside an attempt opened by GET /api/Quizz/{quizId}
  'quiz.busy', // 409 too many simultaneous submits of one student; try again
  'quiz.copySource', // 400 a question copied from the bank is gone from its quiz
  // Users and messages
  'user.notFound', // 404 no user has this id or e-mail
  'user.adminProtected', // 403 an admin account cannot be blocked or deleted from the users screen
  'profile.wrongPassword', // 400 the current password is not right; nothing changed
  'profile.complete', // 409 the profile has its mobile number already (the step is once)
  'profile.incomplete', // 403 a Google sign-up buys once it has given its phone and school year (PATCH /api/user/complete-profile)
  'grant.ambiguous', // 409 several lectures have this name: send lectureId
  'message.notFound', // 404
  'message.tooMany', // 429 too many messages in the last hour or day
  'message.tooManyReplies', // 409 the message has as many replies as it can hold
  // Coupons
  'coupon.invalid', // 404 no coupon has this code
  'coupon.duplicate', // 409 a coupon with this code (in any letter case) exists
  'coupon.expired', // 410 the coupon's expiry has passed
  'coupon.usedUp', // 409 every use of a limited coupon is taken
  'coupon.alreadyUsed', // 409 a once-per-student coupon this student has used (or holds in a pending order)
  'coupon.held', // 409 the student holds an unpaid use of this coupon through another order (one at a time)
  'coupon.notForCourse', // 400 the coupon is limited to other courses
  'coupon.notFound', // 404 no coupon has this id (delete)
  // Payments
  'payment.owned', // 409 the lecture is the student's already and has not expired
  'payment.free', // 400 a free lecture needs no payment
  'payment.noBundle', // 400 the term sells no bundle now (no bundle price, or its end has passed)
  'payment.gateway', // 502 Paymob refused or did not answer; nothing was charged
  'payment.notConfigured', // 503 the Paymob keys are missing
  'payment.signature', // 401 a callback whose HMAC does not verify; nothing changed
  'payment.mismatch', // 400 a callback whose amount or currency is not the order's; nothing changed
  'payment.order', // 404 a callback names no order of ours
  'payment.malformed', // 400 a signed field of a callback is not the shape Paymob gives it (a shifted value); nothing changed
  'payment.transactionUsed', // 409 a Paymob transaction that paid one order named for another; nothing changed
  // The weekly report
  'report.linkInvalid', // 400 the opt-out link's token does not verify or names no parent; nothing changed
  // Wallet and recharge codes
  'wallet.insufficient', // 402 the balance does not cover the debit (`balance`, and `price` when buying); nothing was taken
  'wallet.busy', // 409 too many moves of one wallet at once; nothing changed, try again
  'wallet.codeMistyped', // 400 the code is not the shape of a recharge code or its check symbol fails: a typo
  'wallet.codeUnknown', // 404 no recharge code is this one
  'wallet.codeUsed', // 409 the code has been redeemed already
  'wallet.codeDisabled', // 410 the teacher stopped the code's batch
  'wallet.codeExpired', // 410 the code's batch is past its end
  'wallet.tooManyCodes', // 429 too many wrong codes from this student or this address (`retryAfter` seconds)
  'codes.batchNotFound', // 404 no batch of codes has this id
  'codes.notConfigured', // 503 the recharge codes' key cannot be read
  // Devices and one stream at a time (docs/devices.md)
  'auth.deviceLimit', // 403 a student's further device: `devices`, `limit`, `nextRemovalAt` (null: may remove now), `removalToken`; no session
  'auth.removalTokenInvalid', // 401 the device-removal token is unknown, used, expired (10 min) or names no device of its account
  'devices.removalTooSoon', // 429 a device was removed less than the teacher's period ago (`nextRemovalAt`)
  'device.notFound', // 404 no device of this account has this id
  'session.deviceRemoved', // 401 the device of this session was removed (by the student or the teacher's reset)
  'playback.elsewhere', // 409 another session of the student streamed within the last minute: start again with takeOver to move it here
  'playback.takenOver', // 409 another session of the student holds the stream now: this player stops
  'codes.termNoBundle', // 400 a batch of a term's codes needs the term sold as a bundle (a bundle price and an end ahead)
  'wallet.termOwned', // 409 the student has the term's bundle already; the code was not used
  // Parents (docs/parents.md)
  'parent.only', // 403 a route for parents, called by a student or an admin
  'parent.notStudent', // 403 a student's route, called by a parent
  'parent.codeInvalid', // 400 the invite code is unknown, expired or used: nothing was made
  'parent.tooMany', // 409 the student has the most parents already (PARENTS_PER_STUDENT_MAX)
  'parent.alreadyLinked', // 409 this parent is linked to this student already; the code was not used
  'parent.notYourChild', // 404 no child of this parent has this id
  'parent.notLinked', // 404 this parent is not linked to this student
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem of a 400 `validation`: where, which field, which rule, its params, in English. */
export interface FieldError {
  /** Where it is: 'body.confirm', 'query.fileSize', 'body.courseFor.0'. */
  path: string;
  field: Rule['field'];
  code: RuleCode;
  params: Rule['params'];
  message: string;
}

export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  /** Field-level problems of a 400 `validation`. */
  errors?: FieldError[];
  /** Present on a 403 for a blocked user, so the client logs out. */
  user?: { block: true };
  /** On a 429: seconds before trying again is worth it (also the Retry-After header). */
  retryAfter?: number;
  /** On a 402 wallet.insufficient: the wallet's balance (LE), and the price it did not cover when buying. */
  balance?: number;
  price?: number;
  /** On a 403 auth.deviceLimit: the account's devices, the limit, and the one-time token to remove one. */
  devices?: unknown[];
  limit?: number;
  removalToken?: string;
  /** On a 403 auth.deviceLimit and a 429 devices.removalTooSoon: when a device may next be removed (ISO; null: now). */
  nextRemovalAt?: string | null;
}
