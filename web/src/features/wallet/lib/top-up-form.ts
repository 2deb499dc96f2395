/** The top-up form: a whole number of pounds, 1 to 10,000 (typed as text: empty is 'required', not 0). */
import { z } from 'zod';

export const TOP_UP_MAX = 10_000;

export const topUpFormSchema = z.object({
  amount: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), z.coerce.number().int().min(1).max(TOP_UP_MAX)),
});

export type TopUpFormValues = z.input<typeof topUpFormSchema>;
