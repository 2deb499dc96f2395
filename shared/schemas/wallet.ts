import { z } from 'zod';
import { ruleParams } from '../rules.ts';
import { id, shortText } from './common.ts';

/** The student's wallet and the teacher's recharge codes (issue 40). Money is in LE, 2 decimals. */

export const WALLET_ENTRY_KINDS = ['code', 'topUp', 'purchase', 'refund', 'adjustment'] as const;
export const CODE_BATCH_MAX = 5000;
export const CODE_VALUE_MAX = 10000;

const le = (min: number, max: number) => z.number().min(min).max(max).multipleOf(0.01);

export const walletEntry = z.object({
  id: z.string(),
  kind: z.enum(WALLET_ENTRY_KINDS),
  /** Negative for a debit. */
  amount: z.number(),
  balanceAfter: z.number(),
  at: z.string(),
  /** What caused it: the code redeemed, the order, the teacher's reason. */
  ref: z.string(),
});
export const wallet = z.object({ balance: z.number(), entries: z.array(walletEntry) });
export const walletResponse = z.object({ data: wallet });

export const redeemCodeBody = z.object({ code: z.string().min(1).max(64) });
export const codeRedeemed = z.object({
  data: z.object({
    balance: z.number(),
    /** LE credited (0 for a code that grants a lecture). */
    credited: z.number(),
    /** A lecture batch's code: the lecture granted and until when. */
    lecture: z.object({ lectureId: z.string(), lectureName: z.string(), expiryDate: z.string() }).optional(),
    /** A term batch's code: the term whose bundle was granted (every lecture of it until the term ends). */
    termId: z.string().optional(),
    termName: z.string().optional(),
  }),
});

export const adjustWalletBody = z.object({
  amount: le(-CODE_VALUE_MAX, CODE_VALUE_MAX).refine((a) => a !== 0, ruleParams('invalid')),
  reason: shortText(200),
});
export const walletAdjusted = z.object({ data: z.object({ balance: z.number(), entry: walletEntry }) });

export const createCodeBatchBody = z
  .object({
    count: z.number().int().min(1).max(CODE_BATCH_MAX),
    /** Each code credits this much, or… */
    value: le(1, CODE_VALUE_MAX).optional(),
    /** …grants this lecture (its access period, as a purchase), or… */
    lectureId: id.optional(),
    /** …grants this term's bundle (every lecture of it until the term ends, as a bought bundle). */
    termId: id.optional(),
    /** Where the batch is sold ("Maktabat El-Nour"). */
    label: shortText(80),
    expiresAt: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.iso
        .datetime({ offset: true })
        .refine((d) => Date.parse(d) > Date.now(), ruleParams('coupon.expiry'))
        .optional(),
    ),
  })
  .refine((b) => [b.value, b.lectureId, b.termId].filter((v) => v !== undefined).length === 1, ruleParams('oneRequired', { fields: 'value, lectureId, termId' }));
export type CreateCodeBatchBody = z.infer<typeof createCodeBatchBody>;

export const codeBatch = z.object({
  id: z.string(),
  label: z.string(),
  value: z.number().nullable(),
  lectureId: z.string().nullable(),
  /** The lecture's name when the batch was made (a lecture batch; null otherwise). */
  lectureName: z.string().nullable(),
  /** A term batch: the term whose bundle its codes grant, and its name when the batch was made. */
  termId: z.string().nullable(),
  termName: z.string().nullable(),
  count: z.number(),
  redeemed: z.number(),
  disabled: z.boolean(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
});
export const codeBatchResponse = z.object({ data: codeBatch });
export const codeBatchList = z.object({ data: z.array(codeBatch) });
export const updateCodeBatchBody = z.object({ disabled: z.boolean() });

/** A CSV file (text/csv, UTF-8 with a byte-order mark): what the route answers instead of JSON. */
export const csvResponse = z.custom<Uint8Array>((v) => v instanceof Uint8Array);

/** The sales page's code redemptions over its range, by batch (which shop sells most). */
export const codeRedemptionsByBatch = z.array(z.object({ batchId: z.string(), label: z.string(), count: z.number(), value: z.number() }));
