import { api } from '@/lib/api';

export type WalletEntryKind = 'code' | 'topUp' | 'purchase' | 'refund' | 'adjustment';

/** One line of the ledger: what moved the balance, by how much (LE, negative for a debit), and the balance after it. */
export interface WalletEntry {
  id: string;
  kind: WalletEntryKind;
  amount: number;
  balanceAfter: number;
  at: string;
  ref?: string | null;
}

export interface Wallet {
  balance: number;
  entries: WalletEntry[];
}

/**
 * GET /api/wallet: the student's balance and ledger. Shared by /profile/wallet, /pay's "pay from my
 * balance" and the top bar's link: one cached read, asked again when a redeem, a top-up or a
 * purchase from the balance changes it (tag Wallet).
 */
export const getWalletApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWallet: build.query<Wallet, void>({
      query: () => ({ route: 'GET /api/wallet' }),
      transformResponse: (res: { data?: Partial<Wallet> } | undefined) => ({ balance: Number(res?.data?.balance ?? 0), entries: Array.isArray(res?.data?.entries) ? res.data.entries : [] }),
      providesTags: ['Wallet'],
    }),
  }),
});

export const { useGetWalletQuery } = getWalletApi;
