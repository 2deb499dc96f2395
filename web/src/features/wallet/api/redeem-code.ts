import { api } from '@/lib/api';

/** What a redeemed code did: the amount credited and the balance now, or the lecture it granted. */
export interface Redeemed {
  balance?: number;
  credited?: number;
  lectureId?: string;
}

/**
 * POST /api/wallet/redeem {code}: the server reads the code (forgiving spaces, dashes, case and
 * Arabic-Indic digits) and credits the wallet once. 400 a mistyped code, 404 unknown, 409 used,
 * 410 a stopped or expired batch, 429 too many wrong codes. The wallet (and, for a lecture code,
 * the student's lectures) are asked again.
 */
export const redeemCodeApi = api.injectEndpoints({
  endpoints: (build) => ({
    redeemCode: build.mutation<Redeemed, string>({
      query: (code) => ({ route: 'POST /api/wallet/redeem', body: { code } }),
      transformResponse: (res: { data?: Redeemed } | undefined) => res?.data ?? {},
      invalidatesTags: ['Wallet', 'Purchase'],
    }),
  }),
});

export const { useRedeemCodeMutation } = redeemCodeApi;
