/** The top-up form: whole pounds within the server's limits (typed as text: empty is 'required', not 0). */
import { z } from 'zod';
import { WALLET_TOP_UP_MAX, WALLET_TOP_UP_MIN } from '@shared/constants';

export const topUpFormSchema = z.object({
  amount: z.preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), z.number().int().min(WALLET_TOP_UP_MIN).max(WALLET_TOP_UP_MAX)),
});

export type TopUpFormValues = z.input<typeof topUpFormSchema>;
