import { sessionGate } from '../auth/public';
import { domainHandler } from '../lib/http';
import { adjustWallet } from './adjust-wallet';
import { createCodeBatch } from './create-code-batch';
import { getCodeBatchCsv } from './get-code-batch-csv';
import { getWallet } from './get-wallet';
import { listCodeBatches } from './list-code-batches';
import { redeemCode } from './redeem-code';
import { updateCodeBatch } from './update-code-batch';

/** The wallet domain's Lambda: the teacher's recharge codes, a student's redemption and wallet. The only reader of the codes' key. */
export const handler = domainHandler(
  'wallet',
  {
    'POST /api/admin/codes/batches': createCodeBatch,
    'GET /api/admin/codes/batches': listCodeBatches,
    'PATCH /api/admin/codes/batches/{batchId}': updateCodeBatch,
    'GET /api/admin/codes/batches/{batchId}/codes.csv': getCodeBatchCsv,
    'POST /api/wallet/redeem': redeemCode,
    'GET /api/wallet': getWallet,
    'POST /api/admin/users/{userId}/wallet': adjustWallet,
  },
  sessionGate,
);
