/**
 * The one route table. CDK makes one HttpApi route per row, the local gateway serves from it,
 * each domain Lambda routes with it, the web client builds its calls from it and the
 * OpenAPI document and the authorization tests iterate over it.
 *
 * Paths are API Gateway syntax ({name}). Section 7 of the spec fixes method and path of every
 * call it lists, misspellings included; the rows marked `ours` are the paths the spec leaves open.
 * Path variables at the same position under the same prefix share one name (API Gateway wants it).
 */
import { z } from 'zod';
import * as auth from './schemas/auth.ts';
import * as cat from './schemas/catalogue.ts';
import * as com from './schemas/commerce.ts';
import * as dev from './schemas/devices.ts';
import { id, idParam } from './schemas/common.ts';
import * as parents from './schemas/parents.ts';
import * as note from './schemas/notifications.ts';
import * as people from './schemas/people.ts';
import * as play from './schemas/playback.ts';
import * as quiz from './schemas/quizzes.ts';
import * as reports from './schemas/reports.ts';
import * as res from './schemas/responses.ts';
import * as up from './schemas/uploads.ts';
import * as wal from './schemas/wallet.ts';
import * as watching from './schemas/watching.ts';

export const DOMAINS = ['health', 'auth', 'catalogue', 'payments', 'coupons', 'quizzes', 'users', 'messages', 'wallet', 'parents'] as const;
export type Domain = (typeof DOMAINS)[number];
/**
 * Who may call: anyone; a student (and an admin); an admin; a parent; anyone signed in, a parent too
 * (their own account: log-out, profile). The session gate (functions/auth/session-gate.ts) holds the rules.
 */
export type Access = 'public' | 'user' | 'admin' | 'parent' | 'signedIn';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  domain: Domain;
  access: Access;
  /** The action's one verb-noun name: the OpenAPI operationId, the handler file (kebab-case), the
   * domain function and the web endpoint (RTK Query) all carry it. */
  op: string;
  summary: string;
  /** JSON body unless `multipart` is set. */
  body?: z.ZodType;
  multipart?: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  response?: z.ZodType;
  /** A path of our choosing (the spec leaves it open). */
  ours?: boolean;
}

/** Path parameters, each an id; typed by name, so a handler reads `params.lectureId` as a string. */
const p = <const N extends string>(...names: N[]) => z.object(Object.fromEntries(names.map((n) => [n, id])) as Record<N, typeof id>);

const table = {
  // health
  'GET /api/health': { op: 'checkHealth', domain: 'health', access: 'public', summary: 'Check that every backing service answers', response: res.healthResponse, ours: true },

  // auth
  'POST /api/auth/signup': { op: 'signUp', domain: 'auth', access: 'public', summary: 'Sign up; mails an activation link', body: auth.signUpRequest, response: res.messageResponse },
  'POST /api/auth/login': { op: 'logIn', domain: 'auth', access: 'public', summary: 'Log in with e-mail or phone (an account with an authenticator answers with its challenge)', body: auth.loginBody, response: auth.logInAnswer },
  'POST /api/auth/login/mfa': { op: 'finishMfaSignIn', domain: 'auth', access: 'public', summary: "Finish a log-in with the authenticator app's code", body: auth.finishMfaSignInBody, response: auth.loginResponse, ours: true },
  'GET /api/auth/mfa': { op: 'getMfaStatus', domain: 'auth', access: 'admin', summary: 'Get whether my authenticator app is set up', response: auth.mfaStatusResponse, ours: true },
  'POST /api/auth/mfa/setup': { op: 'startMfaSetup', domain: 'auth', access: 'admin', summary: 'Start setting up an authenticator app: its secret and otpauth URI', body: auth.startMfaSetupBody, response: auth.mfaSetupResponse, ours: true },
  'POST /api/auth/mfa/finish': { op: 'finishMfaSetup', domain: 'auth', access: 'admin', summary: "Finish setting up the authenticator app with its first code; from then every log-in asks for one", body: auth.finishMfaSetupBody, response: res.messageResponse, ours: true },
  'POST /api/auth/logout': { op: 'logOut', domain: 'auth', access: 'signedIn', summary: 'Log out: end the session; the token stops working at once', response: res.messageResponse },
  'POST /api/auth/forget-password': { op: 'forgetPassword', domain: 'auth', access: 'public', summary: 'Forget the password: mail a 6-digit reset code', body: auth.forgetPasswordBody, response: res.messageResponse },
  'POST /api/auth/resend-activation': { op: 'sendActivationMail', domain: 'auth', access: 'public', summary: 'Send a new activation link by mail to an account not activated yet (the same answer for any e-mail)', body: auth.sendActivationMailBody, response: res.messageResponse },
  'POST /api/auth/verify-reset-code': { op: 'verifyResetCode', domain: 'auth', access: 'public', summary: 'Verify a reset code', body: auth.verifyResetCodeBody, response: res.messageResponse },
  'POST /api/auth/reset-password': { op: 'resetPassword', domain: 'auth', access: 'public', summary: 'Reset the password with a verified code', body: auth.resetPasswordBody, response: res.messageResponse },
  'GET /api/auth/google': { op: 'startGoogleSignIn', domain: 'auth', access: 'public', summary: "Start Google sign-in: redirect to the hosted UI with Google (the web's deviceId carried through to the callback)", query: dev.startGoogleSignInQuery, response: res.redirectResponse },
  'GET /api/auth/google/callback': { op: 'finishGoogleSignIn', domain: 'auth', access: 'public', summary: 'Finish Google sign-in: the OAuth2 code-flow callback', query: auth.googleCallbackQuery, response: res.redirectResponse, ours: true },
  'POST /api/auth/google/exchange': { op: 'logInWithGoogle', domain: 'auth', access: 'public', summary: 'Log in with the one-time code of a finished Google sign-in (the browser that started it only)', body: auth.googleExchangeBody, response: auth.loginResponse, ours: true },
  'POST /api/auth/devices/remove': { op: 'removeDeviceWithToken', domain: 'auth', access: 'public', summary: "Remove a device of the account with the one-time token of a sign-in refused for the device limit (then sign in again)", body: dev.removeDeviceWithTokenBody, response: dev.deviceRemoved, ours: true },
  'GET /api/auth/devices': { op: 'listRefusalDevices', domain: 'auth', access: 'public', summary: "List the devices of the account a sign-in was refused for (the device limit), with that refusal's token: what the 403 listed, for the Google path's login page", query: dev.removalTokenQuery, response: dev.deviceLimitDevices, ours: true },
  'GET /api/auth/activate': { op: 'activateAccount', domain: 'auth', access: 'public', summary: 'Activate an account: the link from the sign-up mail', query: auth.activateQuery, response: res.redirectResponse, ours: true },

  // catalogue: courses, terms, sections
  'GET /api/cours/all': { op: 'listCourses', domain: 'catalogue', access: 'public', summary: 'List all courses with their terms', response: z.object({ data: z.array(cat.course) }) },
  'POST /api/cours/create-course': { op: 'createCourse', domain: 'catalogue', access: 'admin', summary: 'Create a course with terms and sections', multipart: true, body: cat.createCourseBody, response: cat.course },
  'PUT /api/cours/{id}': { op: 'updateCourse', domain: 'catalogue', access: 'admin', summary: 'Update a course', multipart: true, params: idParam, body: cat.updateCourseBody, response: cat.course },
  'DELETE /api/cours/{id}': { op: 'deleteCourse', domain: 'catalogue', access: 'admin', summary: 'Delete a course (archived instead while students own lectures under it)', params: idParam, response: cat.deletedResponse },
  'GET /api/cours/Term/{courseFor}/{courseId}': { op: 'listTerms', domain: 'catalogue', access: 'user', summary: 'List the terms of a course for one track', params: cat.termsParams, response: z.object({ data: z.array(cat.term) }) },
  'PATCH /api/cours/Term/lock/{termId}': { op: 'toggleTermLock', domain: 'catalogue', access: 'admin', summary: 'Toggle a term lock', params: cat.termIdParams, response: cat.termLockResponse },
  'PATCH /api/cours/Term/bundle/{termId}': { op: 'updateTerm', domain: 'catalogue', access: 'admin', summary: "Update a term's bundle: the whole term's price (null: not sold) and when the bundle ends", params: cat.termIdParams, body: cat.updateTermBody, response: cat.termUpdated, ours: true },
  'GET /api/cours/bundle/{termId}': { op: 'getTermBundle', domain: 'catalogue', access: 'user', summary: "Get the whole term's offer: its bundle price beside the sum of its lectures' prices, and whether I have it (null: none sold now)", params: cat.termIdParams, response: cat.termBundleResponse, ours: true },
  'GET /api/cours/content/{termId}': { op: 'listSections', domain: 'catalogue', access: 'user', summary: 'List the content sections of a term', params: cat.termIdParams, response: z.object({ data: z.array(cat.section) }) },

  // catalogue: lectures and media
  'GET /api/v/lecture/{id}': { op: 'listLecturesAdmin', domain: 'catalogue', access: 'admin', summary: 'List the lectures of a section (admin view); id is the contentId', params: idParam, response: cat.lectureList },
  'GET /api/cours/lecture/{contentId}': { op: 'listLectures', domain: 'catalogue', access: 'user', summary: 'List the lectures of a section (student view)', params: cat.contentIdParams, response: cat.lectureList },
  'GET /api/admin/getlecture/{termId}': { op: 'listTermLectures', domain: 'catalogue', access: 'admin', summary: 'List the lectures of a term', params: cat.termIdParams, response: cat.lectureList },
  'POST /api/AWS/save-lecture': { op: 'saveLecture', domain: 'catalogue', access: 'admin', summary: 'Save a new lecture with its videos', multipart: true, body: cat.saveLectureBody, response: cat.lectureSaved },
  'DELETE /api/v/lecture/{id}': { op: 'deleteLecture', domain: 'catalogue', access: 'admin', summary: 'Delete a lecture (archived instead once bought)', params: idParam, response: cat.deletedResponse },
  'GET /api/cours/lectureaaa/{id}': { op: 'getLecture', domain: 'catalogue', access: 'user', summary: 'Get one lecture with its videos', params: idParam, response: z.object({ data: cat.lecture }) },
  'PATCH /api/AWS/lectures/{id}': { op: 'updateLecture', domain: 'catalogue', access: 'admin', summary: 'Update a lecture', multipart: true, params: idParam, body: cat.updateLectureBody, response: cat.lectureSaved },
  'POST /api/AWS/lectures/videos/{lectureId}': { op: 'addVideos', domain: 'catalogue', access: 'admin', summary: 'Add videos to a lecture', params: cat.lectureIdParams, body: cat.addVideosBody, response: cat.lectureSaved },
  'DELETE /api/AWS/lectures/video/{videoId}': { op: 'deleteVideo', domain: 'catalogue', access: 'admin', summary: 'Delete a video', params: cat.videoIdParams, response: res.videoDeleted },
  'POST /api/AWS/lectures/video/{videoId}/transcode': { op: 'startVideoTranscode', domain: 'catalogue', access: 'admin', summary: "Start a video's transcode again from its stored upload (the teacher's retry): only one whose preparation failed, or made no progress for an hour (VIDEO_STUCK_AFTER_MINUTES)", params: cat.videoIdParams, response: res.videoUpdated, ours: true },
  'PATCH /api/AWS/lectures/video/{videoId}': { op: 'updateVideo', domain: 'catalogue', access: 'admin', summary: 'Update a video: rename it or change its quiz', params: cat.videoIdParams, body: cat.updateVideoBody, response: res.videoUpdated, ours: true },
  // protected playback (HLS behind signed cookies, view limits, the AES key)
  'POST /api/AWS/lectures/{id}/videos/{videoId}/playback': { op: 'startPlayback', domain: 'catalogue', access: 'user', summary: 'Start playing a video (a view counted), or resume a live playback: signed cookies for its HLS playlists and segments (entitled, quiz gate open, ready, views left)', params: play.playbackParams, body: play.startPlaybackBody, response: play.playbackStarted, ours: true },
  'POST /api/AWS/lectures/{id}/videos/{videoId}/progress': { op: 'savePlaybackProgress', domain: 'catalogue', access: 'user', summary: "Save a playing video's progress (the heartbeat, at most 30 s apart): keeps the student's one stream here, or 409 playback.takenOver when another session holds it", params: play.playbackParams, body: dev.savePlaybackProgressBody, response: dev.playbackProgressReported, ours: true },
  'POST /api/AWS/lectures/{id}/videos/{videoId}/progress/beacon': { op: 'sendProgressBeacon', domain: 'catalogue', access: 'public', summary: "Send a closing page's last watched spans (navigator.sendBeacon, no session): the student's id and live playback id are the proof; 404 playback.notFound otherwise", params: play.playbackParams, body: dev.sendProgressBeaconBody, response: dev.playbackProgressReported, ours: true },
  'POST /api/AWS/lectures/{id}/videos/{videoId}/views': { op: 'countVideoView', domain: 'catalogue', access: 'user', summary: "Count a video's view: now a no-op kept for older players (the playback's start counts it); answers the views left", params: play.playbackParams, body: play.countVideoViewBody, response: play.videoViewCounted, ours: true },
  'GET /api/AWS/media-keys/{assetId}': { op: 'getVideoKey', domain: 'catalogue', access: 'user', summary: 'Get the AES-128 key of a video asset (16 bytes; only with an unexpired playback of it)', params: play.assetIdParams, response: play.binaryResponse, ours: true },
  'GET /api/AWS/get-signed-url': { op: 'getSignedUrl', domain: 'catalogue', access: 'admin', summary: 'Get a presigned PUT URL for an upload', query: cat.signedUrlQuery, response: cat.signedUrlResponse },
  // resumable video uploads (S3 multipart, parts PUT straight to the bucket)
  'POST /api/AWS/uploads': { op: 'startVideoUpload', domain: 'catalogue', access: 'admin', summary: 'Start a resumable (multipart) video upload', body: up.startVideoUploadBody, response: up.startVideoUploadResponse, ours: true },
  'POST /api/AWS/uploads/parts': { op: 'signUploadParts', domain: 'catalogue', access: 'admin', summary: 'Sign presigned PUT URLs for a batch of upload parts', body: up.signUploadPartsBody, response: up.signUploadPartsResponse, ours: true },
  'GET /api/AWS/uploads/parts': { op: 'listUploadParts', domain: 'catalogue', access: 'admin', summary: 'List the parts of an upload already stored (to resume it)', query: up.uploadRef, response: up.uploadedParts, ours: true },
  'POST /api/AWS/uploads/finish': { op: 'finishVideoUpload', domain: 'catalogue', access: 'admin', summary: 'Finish a multipart video upload from its stored parts', body: up.finishVideoUploadBody, response: up.finishVideoUploadResponse, ours: true },
  'DELETE /api/AWS/uploads': { op: 'deleteVideoUpload', domain: 'catalogue', access: 'admin', summary: 'Delete (abort) an unfinished video upload and its parts', query: up.uploadRef, response: up.videoUploadDeleted, ours: true },

  // payments
  'GET /api/AWS/get-purched': { op: 'listPurchases', domain: 'payments', access: 'user', summary: "List the student's purchased lectures", response: res.purchasesResponse },
  'POST /api/user/payment-intention/{lectureId}': { op: 'createPaymentIntention', domain: 'payments', access: 'user', summary: 'Create a payment intention: price a lecture and open a payment, or buy it from the balance (useWallet)', params: p('lectureId'), body: com.paymentIntentionBody, response: res.paymentIntention },
  'POST /api/user/payment-intention/term/{termId}': { op: 'createTermPaymentIntention', domain: 'payments', access: 'user', summary: "Create a payment intention for a term's bundle (every lecture of the term, those added later too, until it ends), or buy it from the balance (useWallet)", params: p('termId'), body: com.paymentIntentionBody, response: res.paymentIntention, ours: true },
  'POST /api/payments/paymob/webhook': { op: 'receivePaymobCallback', domain: 'payments', access: 'public', summary: 'Receive the Paymob processed callback (HMAC verified)', response: res.paymobCallbackResponse, ours: true },
  'GET /api/payments/paymob/return': { op: 'returnFromPaymob', domain: 'payments', access: 'public', summary: 'Return from Paymob in the browser; redirects to /temp or /fail (with ?for=topUp after a top-up)', response: res.redirectResponse, ours: true },
  'POST /api/wallet/top-up': { op: 'createTopUp', domain: 'payments', access: 'user', summary: "Create a top-up of the student's balance: Paymob's checkout (card, wallet, kiosk), credited once the payment settles", body: com.createTopUpBody, response: res.topUpIntention, ours: true },
  'GET /api/payments/sales': { op: 'getSales', domain: 'payments', access: 'admin', summary: 'Get the sales over a range of Cairo days: revenue by day and lecture, coupon use, the orders', query: com.salesQuery, response: res.salesResponse, ours: true },

  // coupons
  'POST /api/Coupan/validate/{couponCode}': { op: 'validateCoupon', domain: 'coupons', access: 'user', summary: 'Validate a coupon code (for a lecture: its course limit and once-per-student too)', params: com.couponCodeParams, query: com.validateCouponQuery, response: res.couponValidation },
  'POST /api/Coupan/create': { op: 'createCoupon', domain: 'coupons', access: 'admin', summary: 'Create a coupon', body: com.createCouponBody, response: res.couponCreated },
  'GET /api/Coupan/all': { op: 'listCoupons', domain: 'coupons', access: 'admin', summary: 'List all coupons', response: res.couponList },
  'DELETE /api/Coupan/{id}': { op: 'deleteCoupon', domain: 'coupons', access: 'admin', summary: 'Delete a coupon', params: idParam, response: res.deletedResponse },

  // quizzes
  'GET /api/Quizz/{quizId}': { op: 'getQuiz', domain: 'quizzes', access: 'user', summary: 'Get a quiz to take (no answers; opens a timed attempt), or as an admin the whole quiz', params: quiz.quizIdParams, response: res.quizResponse },
  'POST /api/Quizz/submit/{quizId}': { op: 'submitQuiz', domain: 'quizzes', access: 'user', summary: 'Submit the answers to a quiz', params: quiz.quizIdParams, body: quiz.submitQuizBody, response: res.quizSubmitted },
  'GET /api/Quizz/status/check/{quizId}': { op: 'checkQuizStatus', domain: 'quizzes', access: 'user', summary: "Check the student's pass status", params: quiz.quizIdParams, response: res.quizStatus },
  'PUT /api/Quizz/answers/{quizId}': { op: 'saveQuizAnswers', domain: 'quizzes', access: 'user', summary: 'Save the answers of the attempt in progress as the student gives them (a reload keeps them)', params: quiz.quizIdParams, body: quiz.saveQuizAnswersBody, response: res.quizAnswersSaved, ours: true },
  'GET /api/Quizz/attempts/{quizId}': { op: 'listMyAttempts', domain: 'quizzes', access: 'user', summary: 'List my finished attempts at a quiz, first to last', params: quiz.quizIdParams, response: res.quizAttempts, ours: true },
  'GET /api/Quizz/section/{contentId}': { op: 'listQuizzesToTake', domain: 'quizzes', access: 'user', summary: "List a Quiz section's quizzes for the content page (student view)", params: quiz.contentIdParams, response: res.quizList, ours: true },
  'DELETE /api/Quizz/questions/{quizId}/{questionId}': { op: 'deleteQuestion', domain: 'quizzes', access: 'admin', summary: 'Delete a question', params: quiz.questionParams, response: res.deletedResponse },
  'GET /api/Quiz/quizzes/{contentId}': { op: 'listSectionQuizzes', domain: 'quizzes', access: 'admin', summary: 'List the quizzes assigned to a section', params: quiz.contentIdParams, response: res.quizList },
  'POST /api/Quiz/associate-quiz/{contentId}/{quizId}': { op: 'assignQuiz', domain: 'quizzes', access: 'admin', summary: 'Assign a quiz to a section', params: quiz.assignQuizParams, response: res.messageResponse },
  'DELETE /api/Quiz/unassign-from-content/{quizId}': { op: 'unassignQuiz', domain: 'quizzes', access: 'admin', summary: 'Unassign a quiz', params: quiz.quizIdParams, response: res.messageResponse },
  'POST /api/Quiz/quiz': { op: 'createQuiz', domain: 'quizzes', access: 'admin', summary: 'Create a quiz', multipart: true, body: quiz.quizFormBody, response: res.quizSaved },
  'GET /api/Quiz/AllQuizz': { op: 'listQuizzes', domain: 'quizzes', access: 'admin', summary: 'List all quizzes', response: res.quizList },
  'DELETE /api/Quiz/{quizId}': { op: 'deleteQuiz', domain: 'quizzes', access: 'admin', summary: 'Delete a quiz: its questions, assignment, results and images; lifts the gate on the videos using it', params: quiz.quizIdParams, response: res.quizDeleted },
  'PATCH /api/Quiz/{quizId}': { op: 'updateQuiz', domain: 'quizzes', access: 'admin', summary: 'Update a quiz', multipart: true, params: quiz.quizIdParams, body: quiz.quizFormBody, response: res.quizSaved },
  'GET /api/Quiz/students-results/{quizId}': { op: 'listQuizResults', domain: 'quizzes', access: 'admin', summary: "List a quiz's results", params: quiz.quizIdParams, response: res.quizResults },
  'GET /api/Quiz/students-results/{quizId}/{userId}/attempts': { op: 'listStudentAttempts', domain: 'quizzes', access: 'admin', summary: "List one student's attempts at a quiz with each question's mark", params: quiz.studentAttemptsParams, response: res.quizAttempts, ours: true },
  'GET /api/admin/question-bank': { op: 'listQuestionBank', domain: 'quizzes', access: 'admin', summary: "List the question bank: every quiz's questions, by tag and text, a page of quizzes at a time (a question is copied in through the quiz form's copiedFrom)", query: quiz.questionBankQuery, response: res.questionBank, ours: true },
  'DELETE /api/v/quizzes/{id}': { op: 'removeQuiz', domain: 'quizzes', access: 'admin', summary: 'Remove a quiz (the legacy path of deleteQuiz)', params: idParam, response: res.quizDeleted },

  // users
  'GET /api/user/profile': { op: 'getProfile', domain: 'users', access: 'signedIn', summary: 'Get my account', response: res.profileResponse },
  'PATCH /api/user/update': { op: 'updateProfile', domain: 'users', access: 'signedIn', summary: 'Update my names and change my password', body: people.updateProfileBody, response: res.profileUpdated },
  'PATCH /api/user/complete-profile': { op: 'updateMissingProfile', domain: 'users', access: 'user', summary: 'Update a Google sign-up with the phone and school year it lacks (once; then it may buy)', body: people.completeProfileBody, response: res.messageResponse, ours: true },
  'GET /api/admin/allusers': { op: 'listUsers', domain: 'users', access: 'admin', summary: 'List users, newest first, searched and paged', query: people.usersQuery, response: res.userPage },
  'GET /api/admin/users/{userId}': { op: 'getUserDetails', domain: 'users', access: 'admin', summary: "Get a student's page: profile, lectures owned, quiz results", params: p('userId'), response: res.userDetailsResponse, ours: true },
  'GET /api/admin/users/{userId}/video-views': { op: 'listVideoViews', domain: 'users', access: 'admin', summary: "List a student's counted video views with each lecture's limit", params: play.videoViewsParams, response: play.videoViewList, ours: true },
  'DELETE /api/admin/users/{userId}/video-views': { op: 'resetVideoViews', domain: 'users', access: 'admin', summary: "Reset a student's view counts of a lecture (or of one of its videos)", params: play.videoViewsParams, query: play.resetVideoViewsQuery, response: play.videoViewsReset, ours: true },
  'GET /api/user/devices': { op: 'listMyDevices', domain: 'users', access: 'user', summary: 'List my devices, the limit, and when I may next remove one', response: dev.myDevices, ours: true },
  'DELETE /api/user/devices/{deviceId}': { op: 'removeMyDevice', domain: 'users', access: 'user', summary: "Remove one of my devices (once per the teacher's period); its sessions end", params: dev.deviceParams, response: dev.deviceRemoved, ours: true },
  'GET /api/admin/users/{userId}/watching': { op: 'listUserWatching', domain: 'catalogue', access: 'admin', summary: "List a student's watch time per lecture and video (each second of a video counted once)", params: p('userId'), response: watching.userWatching, ours: true },
  'GET /api/admin/videos/{videoId}/analytics': { op: 'getVideoAnalytics', domain: 'catalogue', access: 'admin', summary: "Get a video's retention curve (the share of viewers who watched each hundredth) with its viewers, completions and average share watched", params: watching.videoAnalyticsParams, response: watching.videoAnalytics, ours: true },
  'GET /api/admin/users/{userId}/devices': { op: 'listUserDevices', domain: 'users', access: 'admin', summary: "List a student's devices, latest sign-ins, the week's sharing events and whether they flag the account", params: p('userId'), response: dev.userDevices, ours: true },
  'DELETE /api/admin/users/{userId}/devices': { op: 'resetUserDevices', domain: 'users', access: 'admin', summary: "Reset a student's devices and removal period; every session of the student ends", params: p('userId'), response: dev.devicesReset, ours: true },
  'GET /api/admin/settings': { op: 'getSettings', domain: 'users', access: 'admin', summary: "Get the teacher's settings: device limit, removal period, one session per student, sharing threshold", response: dev.settingsResponse, ours: true },
  'PATCH /api/admin/settings': { op: 'updateSettings', domain: 'users', access: 'admin', summary: "Update some of the teacher's settings (the others kept)", body: dev.updateSettingsBody, response: dev.settingsResponse, ours: true },
  'GET /api/user/notifications': { op: 'listNotifications', domain: 'users', access: 'user', summary: 'List my notifications, newest first (at most 50), and how many are unread (the bell)', response: note.notificationList, ours: true },
  'POST /api/user/notifications/read': { op: 'markNotificationsRead', domain: 'users', access: 'user', summary: 'Mark some of my notifications read ({ids}), or all of them ({all: true})', body: note.markNotificationsReadBody, response: note.notificationsRead, ours: true },
  'GET /api/user/notification-settings': { op: 'getNotificationSettings', domain: 'users', access: 'user', summary: 'Get which channels tell me beside the bell (e-mail on, WhatsApp off unless I turn it on)', response: note.notificationSettingsResponse, ours: true },
  'PATCH /api/user/notification-settings': { op: 'updateNotificationSettings', domain: 'users', access: 'user', summary: 'Update my notification settings: turn e-mail or WhatsApp on or off', body: note.updateNotificationSettingsBody, response: note.notificationSettingsResponse, ours: true },
  'DELETE /api/user/deleteUser/{userId}': { op: 'deleteUser', domain: 'users', access: 'admin', summary: 'Delete a user', params: p('userId'), response: res.deletedResponse },
  'PATCH /api/user/blockUser/{userId}': { op: 'blockUser', domain: 'users', access: 'admin', summary: 'Block or unblock a user (a toggle)', params: p('userId'), response: res.userBlocked },
  'POST /api/admin/grant-lecture': { op: 'grantLecture', domain: 'users', access: 'admin', summary: 'Grant a lecture to a student: the lecture its lectureId names, or else the one lecture named lectureName', body: people.grantLectureBody, response: res.lectureGranted },

  // messages
  'GET /api/admin/contect': { op: 'listMessages', domain: 'messages', access: 'admin', summary: 'List the contact messages, newest first', response: res.contactMessages },
  'DELETE /api/admin/delete_us/{id}': { op: 'deleteMessage', domain: 'messages', access: 'admin', summary: 'Delete a message', params: idParam, response: res.deletedResponse },
  'POST /api/user/contect_us': { op: 'sendMessage', domain: 'messages', access: 'user', summary: 'Send a message to the staff', body: people.contactBody, response: res.messageResponse },
  'GET /api/admin/messages/unread': { op: 'countUnreadMessages', domain: 'messages', access: 'admin', summary: 'Count the unread contact messages (the side menu badge)', response: res.unreadMessages, ours: true },
  'POST /api/admin/messages/read': { op: 'markMessagesRead', domain: 'messages', access: 'admin', summary: 'Mark every contact message read (the teacher opened the inbox)', response: res.messagesRead, ours: true },
  'POST /api/admin/messages/{id}/reply': { op: 'addReply', domain: 'messages', access: 'admin', summary: "Add a reply to a student's message (they read it on /contact)", params: idParam, body: people.replyBody, response: res.messageReplied, ours: true },
  'GET /api/user/messages': { op: 'listMyMessages', domain: 'messages', access: 'user', summary: 'List my messages to the teacher with the replies, newest first', response: res.myMessages, ours: true },
  'GET /api/user/messages/unread': { op: 'countUnreadReplies', domain: 'messages', access: 'user', summary: "Count the teacher's replies I have not seen (the top bar's badge)", response: res.unreadMessages, ours: true },
  'POST /api/user/messages/read': { op: 'markRepliesRead', domain: 'messages', access: 'user', summary: 'Mark the replies seen (the student opened /contact)', response: res.messagesRead, ours: true },
  // wallet: recharge codes and the student's balance
  'POST /api/admin/codes/batches': { op: 'createCodeBatch', domain: 'wallet', access: 'admin', summary: 'Create a batch of recharge codes, each worth an amount or granting a lecture', body: wal.createCodeBatchBody, response: wal.codeBatchResponse, ours: true },
  'GET /api/admin/codes/batches': { op: 'listCodeBatches', domain: 'wallet', access: 'admin', summary: 'List the batches of recharge codes, newest first, with how many are redeemed', response: wal.codeBatchList, ours: true },
  'PATCH /api/admin/codes/batches/{batchId}': { op: 'updateCodeBatch', domain: 'wallet', access: 'admin', summary: 'Update a batch: disable it (its unredeemed codes stop at once) or enable it again', params: p('batchId'), body: wal.updateCodeBatchBody, response: wal.codeBatchResponse, ours: true },
  'GET /api/admin/codes/batches/{batchId}/codes.csv': { op: 'getCodeBatchCsv', domain: 'wallet', access: 'admin', summary: "Get a batch's codes as CSV (UTF-8 with a BOM): each code, its state, who redeemed it and when", params: p('batchId'), response: wal.csvResponse, ours: true },
  'POST /api/wallet/redeem': { op: 'redeemCode', domain: 'wallet', access: 'user', summary: 'Redeem a recharge code: its value to my wallet, or its lecture to my lectures', body: wal.redeemCodeBody, response: wal.codeRedeemed, ours: true },
  'GET /api/wallet': { op: 'getWallet', domain: 'wallet', access: 'user', summary: 'Get my wallet: the balance and the latest entries of its ledger', response: wal.walletResponse, ours: true },
  'POST /api/admin/users/{userId}/wallet': { op: 'adjustWallet', domain: 'wallet', access: 'admin', summary: "Adjust a student's wallet: credit or debit it with a reason, written to the ledger", params: p('userId'), body: wal.adjustWalletBody, response: wal.walletAdjusted, ours: true },

  // parents: a student's invite, the parent's children and their reports (docs/parents.md)
  'POST /api/user/parent-invite': { op: 'createParentInvite', domain: 'parents', access: 'user', summary: "Create my invite code for a parent (8 characters, 7 days, used once; it replaces my unused one); 409 parent.tooMany at the most parents", response: parents.parentInvite, ours: true },
  'POST /api/parent/children': { op: 'addChild', domain: 'parents', access: 'parent', summary: "Add a child to my account with the child's invite code", body: parents.linkChildBody, response: parents.childResponse, ours: true },
  'GET /api/parent/children': { op: 'listChildren', domain: 'parents', access: 'parent', summary: 'List my children', response: parents.childList, ours: true },
  'GET /api/parent/children/{studentId}/report': { op: 'getChildReport', domain: 'parents', access: 'parent', summary: "Get a child's report: lectures owned, watch time of the last 8 weeks, quiz results, last active", params: parents.childParams, response: parents.childReport, ours: true },
  'GET /api/parent/settings': { op: 'getParentSettings', domain: 'parents', access: 'parent', summary: 'Get my weekly report switches (e-mail, WhatsApp)', response: parents.parentSettingsResponse, ours: true },
  'PATCH /api/parent/settings': { op: 'updateParentSettings', domain: 'parents', access: 'parent', summary: 'Update my weekly report switches (the others kept)', body: parents.updateParentSettingsBody, response: parents.parentSettingsResponse, ours: true },
  'GET /api/admin/users/{userId}/parents': { op: 'listUserParents', domain: 'parents', access: 'admin', summary: "List a student's parents", params: p('userId'), response: parents.userParentList, ours: true },
  'DELETE /api/admin/users/{userId}/parents/{parentId}': { op: 'removeUserParent', domain: 'parents', access: 'admin', summary: "Remove a parent from a student's parents (unlink: both sides of the link go)", params: parents.userParentParams, response: res.messageResponse, ours: true },

  'GET /api/reports/stop': { op: 'stopWeeklyReport', domain: 'users', access: 'public', summary: "Stop the parent's weekly report on one channel (e-mail or WhatsApp): the signed link in each report, no session; answers a small page in the parent's language", query: reports.stopWeeklyReportQuery, response: reports.htmlResponse, ours: true },
  'GET /api/contact-info': { op: 'getContactInfo', domain: 'messages', access: 'public', summary: "Get the teacher's contact details for /contact (platform settings)", response: res.contactInfoResponse, ours: true },
} as const satisfies Record<string, Omit<RouteDef, 'method' | 'path'>>;

export type RouteId = keyof typeof table;
export type RouteOf<K extends RouteId> = (typeof table)[K] & { method: HttpMethod; path: string };

export const ROUTES: readonly (RouteDef & { id: RouteId })[] = (Object.keys(table) as RouteId[]).map((key) => {
  const [method, path] = key.split(' ') as [HttpMethod, string];
  return { id: key, method, path, ...(table[key] as Omit<RouteDef, 'method' | 'path'>) };
});

export const routeById = (routeId: RouteId) => ROUTES.find((r) => r.id === routeId)!;

export const routesOfDomain = (domain: Domain) => ROUTES.filter((r) => r.domain === domain);

export { pathOf } from './route-path.ts';

export interface RouteMatch {
  route: RouteDef & { id: RouteId };
  params: Record<string, string>;
}
const compiled = ROUTES.map((r) => {
  const segs = r.path.split('/');
  return { r, segs, staticCount: segs.filter((s) => !s.startsWith('{')).length };
}).sort((a, b) => b.staticCount - a.staticCount);

/** Match a request as API Gateway does: static segments win over variables; no match → undefined. */
export function matchRoute(method: string, path: string): RouteMatch | undefined {
  const parts = path.replace(/\/+$/, '').split('/');
  for (const { r, segs } of compiled) {
    if (r.method !== method || segs.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let ok = true;
    for (let i = 0; i < segs.length && ok; i++) {
      const s = segs[i]!;
      if (s.startsWith('{')) {
        let v: string;
        try {
          v = decodeURIComponent(parts[i]!);
        } catch {
          ok = false;
          break;
        }
        if (v === '') ok = false;
        else params[s.slice(1, -1)] = v;
      } else if (s !== parts[i]) ok = false;
    }
    if (ok) return { route: r, params };
  }
  return undefined;
}
