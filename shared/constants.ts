/** Business constants both the server and the web client need (spec section 9). */

export const TRACKS = ['ثانوي عام', 'ثانوي لغات'] as const;
export type Track = (typeof TRACKS)[number];

export const TERM_NAMES = ['الترم الأول', 'الترم الثاني'] as const;

export const CONTENT_TYPES = ['شرح محاضرات', 'حل امتحانات', 'Quiz'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const SCHOOL_YEARS = ['First year', 'Second year', 'Third year'] as const;
export type SchoolYear = (typeof SCHOOL_YEARS)[number];

/** A quiz question's kinds (spec 5: TRUE_FALSE answers are 'True' and 'False'). */
export const QUESTION_TYPES = ['MULTIPLE_CHOICE', 'TRUE_FALSE'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** The languages the product speaks: the interface's, and the mails' (a student's, from their sign-up). */
export const LOCALES = ['en', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];

export const ROLES = ['ADMIN', 'USER', 'PARENT'] as const;
export type Role = (typeof ROLES)[number];
export const ADMIN_GROUP = 'ADMIN';

export const PASSWORD_MIN_LENGTH = 8;
export const RESET_CODE_LENGTH = 6;
export const QUIZ_PASS_MARK_PERCENT = 50;
/** A timed attempt is closed this long after its deadline, with the answers saved by then. */
export const QUIZ_GRACE_SECONDS = 60;
/** Spec 4: a TRUE_FALSE question's options, 'True' first (the form marks answer 0 correct). */
export const TRUE_FALSE_OPTIONS = ['True', 'False'] as const;
/** Item discrimination compares the top and bottom 27 % of the students (Kelley's groups). */
export const DISCRIMINATION_GROUP_SHARE = 0.27;
export const QUIZ_TIME_LIMIT_MAX_MINUTES = 300;
export const QUIZ_MAX_ATTEMPTS_MAX = 100;
/** Questions a quiz holds at most. */
export const QUIZ_QUESTIONS_MAX = 200;
/** A question's tags: at most this many, each at most this long. */
export const QUESTION_TAGS_MAX = 5;
export const QUESTION_TAG_MAX_LENGTH = 60;
/** Images that come with a form must be under this many bytes. */
export const IMAGE_MAX_BYTES = 1_000_000;
/** Videos are uploaded straight to the media bucket; this bounds one file. */
export const VIDEO_MAX_BYTES = 5 * 1024 * 1024 * 1024;
export const USERS_PAGE_SIZE = 6;
/** A student cannot flood the inbox: at most this many messages an hour, and a day (429 message.tooMany). */
export const CONTACT_MESSAGES_PER_HOUR = 5;
export const CONTACT_MESSAGES_PER_DAY = 20;
export const PAGINATION_WINDOW = 3;
export const QUIZ_STATUS_RECHECK_MS = 500;
export const LOGO_ROTATION_MS = 3000;
export const PAYMENT_REDIRECT_MS = 3000;
export const COUPON_DISCOUNT_MIN = 1;
export const COUPON_DISCOUNT_MAX = 100;
export const CURRENCY_LABEL = 'LE';
/** What Paymob is asked to charge in: amounts go in piasters (100 to the pound). */
export const PAYMENT_CURRENCY = 'EGP';
/** A purchase lasts the lecture's access period (days; the teacher sets it on the lecture form). */
export const LECTURE_ACCESS_DAYS_DEFAULT = 30;
export const LECTURE_ACCESS_DAYS_MAX = 3650;
/** A card or wallet order holds its coupon use this long unpaid; Paymob's checkout link expires with it. */
export const PAYMENT_HOLD_MINUTES = 30;
/** A kiosk order (Aman/Masary reference) holds its coupon use as long as its reference: this many days. */
export const KIOSK_HOLD_DAYS = 7;
/** Orders still pending this long after their last news are checked against Paymob's inquiry. */
export const PAYMENT_RECONCILE_AFTER_MINUTES = 10;
/** Order states: pending (at the gateway), paid, failed (declined; may still be paid on retry), expired, cancelled (superseded by a newer order of the same student and lecture). */
export const ORDER_STATUSES = ['pending', 'paid', 'failed', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
/**
 * How an order was paid: Paymob's card, (mobile) wallet or kiosk, a 100 % coupon (no gateway), or the
 * student's balance (their wallet on the platform, no gateway).
 */
export const PAYMENT_METHODS = ['card', 'wallet', 'kiosk', 'coupon', 'balance'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/**
 * What an order buys: a lecture, a term's bundle (every lecture of the term until it ends), or money
 * on the student's balance (a top-up through Paymob).
 */
export const ORDER_KINDS = ['lecture', 'term', 'topUp'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
/** Why a paid order's amount went to the student's wallet instead: termEnded = a term's bundle paid after the term ended. */
export const ORDER_REFUND_REASONS = ['termEnded'] as const;
export type OrderRefundReason = (typeof ORDER_REFUND_REASONS)[number];
/** A top-up through Paymob: whole pounds, at least and at most this many. */
export const WALLET_TOP_UP_MIN = 10;
export const WALLET_TOP_UP_MAX = 5000;
/** The sales page's longest range, in days. */
export const SALES_RANGE_MAX_DAYS = 366;
export const DEFAULT_PHONE_COUNTRY = 'eg';
export const SPINNER_SIZE_PX = 110;

/** Performance bands by score percent, highest first (spec section 9). */
export const PERFORMANCE_BANDS = [
  { min: 80, label: 'Excellent' },
  { min: 70, label: 'Good' },
  { min: 60, label: 'Average' },
  { min: 0, label: 'Needs Improvement' },
] as const;

export function performanceBand(scorePercent: number): string {
  return PERFORMANCE_BANDS.find((b) => scorePercent >= b.min)?.label ?? 'Needs Improvement';
}

/** Spec 3: a price of 0, the text "0" or null means the lecture is free. */
export function isFreePrice(price: number | string | null | undefined): boolean {
  return price === null || price === undefined || Number(price) === 0;
}

/** Spec 5: with a coupon, a discount between 0 and 100 gives price minus that percent. */
export function discountedPrice(price: number, discountPercent: number | undefined): number {
  if (discountPercent === undefined || discountPercent < 0 || discountPercent > 100) return price;
  return Math.round(price * (100 - discountPercent)) / 100;
}

/** The teacher's settings (issue 41, docs/devices.md): each one's bounds and default (singleSession's default is the SINGLE_SESSION environment). */
export const SETTINGS_BOUNDS = {
  deviceLimit: { min: 1, max: 5, default: 2 },
  deviceRemovalDays: { min: 1, max: 365, default: 30 },
  sharingFlagThreshold: { min: 1, max: 50, default: 3 },
} as const;
/** A stream heard from within this long is live: another session's start is refused (409 playback.elsewhere) unless it takes over. */
export const STREAM_LIVE_SECONDS = 60;
/** The window over which refused devices and taken-over streams are counted against the sharing threshold. */
export const SHARING_WINDOW_DAYS = 7;
