import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type Wallet = ResponseOf<'GET /api/wallet'>['data'];
export type WalletEntry = Wallet['entries'][number];

/**
 * GET /api/wallet: the student's balance and the latest entries of the ledger. Shared by
 * /profile/wallet, /pay's "pay from my balance" and the top bar's link: one cached read, asked again
 * when a redeem, a top-up or a purchase from the balance changes it (tag Wallet).
 */
export const getWalletApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWallet: build.query<Wallet, void>({
      query: () => ({ route: 'GET /api/wallet' }),
      transformResponse: (res: ResponseOf<'GET /api/wallet'>) => res.data,
      providesTags: ['Wallet'],
    }),
  }),
});

export const { useGetWalletQuery } = getWalletApi;
