import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type Redeemed = ResponseOf<'POST /api/wallet/redeem'>['data'];

/**
 * POST /api/wallet/redeem {code}: the server reads the code (forgiving spaces, dashes, case and
 * Arabic-Indic digits) and credits the wallet once, or grants the code's lecture. 400 a mistyped
 * code, 404 unknown, 409 used, 410 a stopped or expired batch, 429 too many wrong codes. The wallet
 * and the student's lectures are asked again.
 */
export const redeemCodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    redeemCode: build.mutation<Redeemed, string>({
      query: (code) => ({ route: 'POST /api/wallet/redeem', body: { code } }),
      transformResponse: (res: ResponseOf<'POST /api/wallet/redeem'>) => res.data,
      invalidatesTags: ['Wallet', 'Purchase'],
    }),
  }),
});

export const { useRedeemCodeMutation } = redeemCodeApi;
