/** The teacher's wallet adjustment: pounds (negative to debit, never 0, at most 10,000 either way) and a reason for the ledger. */
import { z } from 'zod';
import { ruleParams } from '@shared/rules';
import { CODE_VALUE_MAX } from '@shared/schemas/wallet';

export const walletFormSchema = z.object({
  amount: z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number().min(-CODE_VALUE_MAX).max(CODE_VALUE_MAX).refine((n) => n !== 0 && Math.round(n * 100) === n * 100, ruleParams('invalid')),
  ),
  reason: z.string().trim().min(1).max(200),
});

export type WalletFormValues = z.input<typeof walletFormSchema>;
