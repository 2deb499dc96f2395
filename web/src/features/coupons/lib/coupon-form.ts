/**
 * The coupon form (spec 5: code and discount, both required, the discount a whole percent from 1
 * to 100) with its limits (an expiry day, a limit on total uses, once per student, chosen courses):
 * the shared `couponForm` rules, and the body the server's `createCouponBody` reads.
 */
import { z } from 'zod';
import { ruleParams } from '@shared/rules';
import { couponForm, type CreateCouponBody } from '@shared/schemas/commerce';

/** Today in the browser's calendar, as a date input writes it (YYYY-MM-DD). */
export const todayIso = (now = new Date()) => {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

/**
 * The shared form with what a browser's inputs give it: the discount typed as text (empty is
 * 'required', not 0), and an expiry day that has not passed (the coupon works through its end).
 */
export const couponFormSchema = couponForm.extend({
  discount: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), couponForm.shape.discount),
  expiresOn: z
    .string()
    .refine((d) => d === '' || d >= todayIso(), ruleParams('coupon.expiry'))
    .optional(),
});

export type CouponFormValues = z.input<typeof couponFormSchema>;
export type CouponFormOutput = z.output<typeof couponFormSchema>;

export const emptyCouponForm = (): CouponFormValues => ({ code: '', discount: '', expiresOn: '', maxUses: '', oncePerStudent: false, courseIds: [] });

/** The end of day `yyyyMmDd` in the browser's time zone (the teacher's), as an ISO instant. */
export const endOfDay = (yyyyMmDd: string) => {
  const [y, m, d] = yyyyMmDd.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59, 999).toISOString();
};

/** What POST /api/Coupan/create gets: only the limits the teacher set. */
export function couponBody(f: CouponFormOutput): CreateCouponBody {
  return {
    code: f.code,
    discount: f.discount,
    ...(f.expiresOn ? { expiresAt: endOfDay(f.expiresOn) } : {}),
    ...(f.maxUses !== undefined ? { maxUses: f.maxUses } : {}),
    ...(f.oncePerStudent ? { oncePerStudent: true } : {}),
    ...(f.courseIds.length ? { courseIds: f.courseIds } : {}),
  };
}

/** The server names the body's fields; the form's expiry field is `expiresOn`. */
export function toFormFields(error: unknown): unknown {
  const withBody = error as { data?: { errors?: { field?: string; path?: string }[] } } | undefined;
  const errors = withBody?.data?.errors;
  if (!Array.isArray(errors)) return error;
  const rename = (name: string | undefined) => (name === 'expiresAt' ? 'expiresOn' : name);
  return { ...withBody, data: { ...withBody!.data, errors: errors.map((e) => ({ ...e, field: rename(e.field), path: rename(e.path) })) } };
}
