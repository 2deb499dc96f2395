/**
 * The new-batch form: how many codes (1–5,000), what each gives (an amount of 1–10,000 LE in whole
 * piasters, one lecture, or a whole term sold as a bundle), where the batch is sold, and an optional
 * last day. The body is what POST /api/admin/codes/batches reads; the server checks it again.
 */
import { z } from 'zod';
import { ruleParams } from '@shared/rules';
import { CODE_BATCH_MAX, CODE_VALUE_MAX, type CreateCodeBatchBody } from '@shared/schemas/wallet';

export { CODE_BATCH_MAX, CODE_VALUE_MAX };

/** A whole number typed in a field (empty is 'required', not 0). */
const whole = (min: number, max: number) => z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), z.number().int().min(min).max(max));

/** An amount typed in a field, in LE with at most 2 decimals (whole piasters). */
const piasters = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
const amount = (min: number, max: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), z.number().min(min).max(max).refine(piasters, ruleParams('money.piasters')));

/** Today in the browser's calendar, as a date input writes it (YYYY-MM-DD). */
export const todayIso = (now = new Date()) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

const common = {
  count: whole(1, CODE_BATCH_MAX),
  label: z.string().trim().min(1).max(80),
  expiresDay: z.string().refine((d) => d === '' || d >= todayIso(), ruleParams('coupon.expiry')),
};

export const batchFormSchema = z.discriminatedUnion('grants', [
  z.object({ grants: z.literal('value'), value: amount(1, CODE_VALUE_MAX), lectureId: z.string(), termId: z.string(), ...common }),
  z.object({ grants: z.literal('lecture'), value: z.unknown(), lectureId: z.string().min(1), termId: z.string(), ...common }),
  z.object({ grants: z.literal('term'), value: z.unknown(), lectureId: z.string(), termId: z.string().min(1), ...common }),
]);
export type Grants = BatchFormValues['grants'];

export type BatchFormValues = z.input<typeof batchFormSchema>;
export type BatchFormOutput = z.output<typeof batchFormSchema>;

export const emptyBatchForm = (): BatchFormValues => ({ grants: 'value', count: '', value: '', lectureId: '', termId: '', label: '', expiresDay: '' });

/** The end of day `yyyyMmDd` in the teacher's time zone, as an ISO instant. */
const endOfDay = (yyyyMmDd: string) => {
  const [y, m, d] = yyyyMmDd.split('-').map(Number);
  return new Date(y!, m! - 1, d!, 23, 59, 59, 999).toISOString();
};

export function batchBody(f: BatchFormOutput): CreateCodeBatchBody {
  return {
    count: f.count,
    ...(f.grants === 'value' ? { value: f.value } : f.grants === 'lecture' ? { lectureId: f.lectureId } : { termId: f.termId }),
    label: f.label,
    ...(f.expiresDay ? { expiresAt: endOfDay(f.expiresDay) } : {}),
  };
}
