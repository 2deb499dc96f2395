/**
 * Coupons, orders, purchases and sales: the bodies both sides validate and the shapes they read.
 * Money is in Egyptian pounds (LE) with up to two decimals everywhere except towards Paymob, which
 * takes piasters (functions/payments).
 */
import { z } from 'zod';
import { COUPON_DISCOUNT_MAX, COUPON_DISCOUNT_MIN, ORDER_KINDS, ORDER_REFUND_REASONS, ORDER_STATUSES, PAYMENT_METHODS, SALES_RANGE_MAX_DAYS, WALLET_TOP_UP_MAX, WALLET_TOP_UP_MIN } from '../constants.ts';
import { ruleParams } from '../rules.ts';
import { codeRedemptionsByBatch } from './wallet.ts';
import { lecture } from './catalogue.ts';
import { formBoolean, id, nonBlank, toLatinDigits } from './common.ts';

/**
 * The form of a code that matching uses: Arabic-Indic digits as 0–9, Unicode compatibility forms
 * folded (NFKC) and lower case, so 'Ramadan50', 'RAMADAN50' and 'رمضان٥٠'/'رمضان50' each match
 * their own kind whatever the case or digit style.
 */
export const normalizeCouponCode = (code: string) => toLatinDigits(code.trim()).normalize('NFKC').toLowerCase();

/**
 * Spec 5: an empty coupon code is 'required' (the web words it 'من فضلك ادخل كود الخصم'). Letters of
 * any script, digits, - and _. The bidi marks go too (a code is matched, not read).
 */
export const couponCode = z
  .string()
  .overwrite((c) => c.replace(/[\u061C\u200E\u200F]/g, ''))
  .pipe(nonBlank(40))
  .refine((c) => c === '' || /^[\p{L}\p{M}\p{N}_-]+$/u.test(c), ruleParams('coupon.chars'));

/** A whole percent from 1 to 100 (spec 5; tooSmall / tooBig / notInteger). */
export const couponDiscount = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number().int().min(COUPON_DISCOUNT_MIN).max(COUPON_DISCOUNT_MAX),
);

/** An optional whole number (an empty form field is none). */
const optionalCount = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().min(1).max(1_000_000).optional());

/**
 * The coupon form (spec 5: code and discount) and, beyond the spec, its limits: an expiry
 * (an ISO date-time; a coupon works until then, and it must lie in the future), a limit on total
 * uses, once per student, and the courses it applies to (none listed: every course).
 */
export const createCouponBody = z.object({
  code: couponCode,
  discount: couponDiscount,
  expiresAt: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.iso
      .datetime({ offset: true })
      .refine((d) => Date.parse(d) > Date.now(), ruleParams('coupon.expiry'))
      .optional(),
  ),
  maxUses: optionalCount,
  oncePerStudent: formBoolean.optional(),
  courseIds: z.array(id).max(100).optional(),
});
export type CreateCouponBody = z.infer<typeof createCouponBody>;

/** The same form in the browser: dates from a date input, numbers from text fields. */
export const couponForm = z.object({
  code: couponCode,
  discount: couponDiscount,
  /** YYYY-MM-DD from a date input; the coupon works through the end of that day. */
  expiresOn: z.string().optional(),
  maxUses: optionalCount,
  oncePerStudent: z.boolean(),
  courseIds: z.array(z.string()),
});

export const coupon = z.object({
  id: z.string(),
  code: z.string(),
  discount: z.number(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().nullable(),
  oncePerStudent: z.boolean(),
  /** null: every course. */
  courseIds: z.array(z.string()).nullable(),
  /** Paid orders that used it. */
  uses: z.number(),
  /** Pending orders holding a use (a kiosk order holds it for days). */
  held: z.number(),
  createdAt: z.string(),
});
export type Coupon = z.infer<typeof coupon>;

export const couponCodeParams = z.object({ couponCode });
/** Validate may name the lecture it is for: the course limit and once-per-student are checked too. */
export const validateCouponQuery = z.object({ lectureId: id.optional() });

/** `useWallet`: buy from the student's balance (after the coupon) instead of opening Paymob's checkout. */
export const paymentIntentionBody = z.object({ couponCode: couponCode.optional().or(z.literal('')), useWallet: z.boolean().optional() }).optional();

/** Money onto the balance through Paymob's checkout: whole pounds within the limits. */
export const createTopUpBody = z.object({ amount: z.number().int().min(WALLET_TOP_UP_MIN).max(WALLET_TOP_UP_MAX) });

/** An order as the student (pending ones on /profile/lecPay) and the teacher (sales) see it. */
export const order = z.object({
  id: z.string(),
  /** A lecture's order, a term's bundle (termId names it; lectureId '', lectureName the term's name) or a top-up of the balance (its lecture fields are empty). */
  kind: z.enum(ORDER_KINDS),
  lectureId: z.string(),
  lectureName: z.string(),
  termId: z.string().optional(),
  status: z.enum(ORDER_STATUSES),
  /** Known once Paymob says how it was paid ('coupon' for a 100 % coupon, 'balance' from the student's wallet). */
  method: z.enum(PAYMENT_METHODS).nullable(),
  /** LE: the lecture's price when ordered, and what is charged after the coupon. */
  originalPrice: z.number(),
  amount: z.number(),
  couponCode: z.string().nullable(),
  discount: z.number().nullable(),
  /** The Aman/Masary reference the student pays with at an outlet. */
  kioskReference: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /**
   * Paid, but what it bought could not be given, so the amount went to the student's wallet instead (a
   * ledger entry of kind refund naming the order): termEnded = a term's bundle paid after the term ended.
   */
  refundReason: z.enum(ORDER_REFUND_REASONS).optional(),
});
export type Order = z.infer<typeof order>;

/** A row of /profile/lecPay and GET /api/AWS/get-purched: the lecture with its dates. */
export const purchasedLecture = lecture.omit({ videos: true, canWatch: true }).extend({
  purchaseDate: z.string(),
  expiryDate: z.string(),
  /** LE paid; 0 for a grant or a 100 % coupon. */
  pricePaid: z.number(),
  source: z.enum(['payment', 'grant']),
  expired: z.boolean(),
});
export type PurchasedLecture = z.infer<typeof purchasedLecture>;

/** The sales page's range: Cairo calendar days, both ends included; at most a year. */
export const salesQuery = z
  .object({
    from: z.iso.date().optional(),
    to: z.iso.date().optional(),
  })
  .refine((q) => !q.from || !q.to || (q.from <= q.to && Date.parse(q.to) - Date.parse(q.from) <= SALES_RANGE_MAX_DAYS * 86_400_000), {
    path: ['to'],
    ...ruleParams('sales.range'),
  });

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  totals: z.object({ revenue: z.number(), paid: z.number(), pending: z.number(), failed: z.number(), discountGiven: z.number() }),
  byDay: z.array(z.object({ day: z.string(), revenue: z.number(), orders: z.number() })),
  /** A term bundle's row: lectureId '' and its termId (lectureName: the term's name). */
  byLecture: z.array(z.object({ lectureId: z.string(), termId: z.string().optional(), lectureName: z.string(), revenue: z.number(), orders: z.number() })),
  coupons: z.array(z.object({ code: z.string(), uses: z.number(), discountGiven: z.number() })),
  /** The lectures' paid orders by how they were paid: Paymob's card, wallet and kiosk, a 100 % coupon, the balance. */
  byMethod: z.array(z.object({ method: z.enum(PAYMENT_METHODS), revenue: z.number(), orders: z.number() })),
  /**
   * Money put on balances through Paymob (not lecture revenue: it is spent on lectures later, by method 'balance'):
   * top-ups, and payments credited to the balance instead of what they bought (an order's refundReason).
   */
  topUps: z.object({ amount: z.number(), paid: z.number(), pending: z.number() }),
  orders: z.array(order.extend({ studentName: z.string(), studentDeleted: z.boolean(), studentEmail: z.string(), studentPhone: z.string() })),
  /** Recharge codes redeemed over the range, by batch: how many, and the LE they credited (a lecture's codes credit none). */
  codeRedemptions: codeRedemptionsByBatch,
});

/** A term bundle on My lectures: its dates and the term's lectures (present now) it gives. */
export const purchasedBundle = z.object({
  termId: z.string(),
  termName: z.string(),
  purchaseDate: z.string(),
  expiryDate: z.string(),
  pricePaid: z.number(),
  /** Bought (Paymob, the balance, a coupon) or given by a recharge code. */
  source: z.enum(['payment', 'code']),
  expired: z.boolean(),
  lectures: z.array(lecture.omit({ videos: true, canWatch: true })),
});
export type PurchasedBundle = z.infer<typeof purchasedBundle>;
