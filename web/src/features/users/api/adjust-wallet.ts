import { api } from '@/lib/api';

/**
 * POST /api/admin/users/{userId}/wallet {amount, reason} (admin): credits (positive) or debits
 * (negative) a student's wallet, written to the ledger with the reason; answers the balance. The
 * student's page is asked again.
 */
export const adjustWalletApi = api.injectEndpoints({
  endpoints: (build) => ({
    adjustWallet: build.mutation<{ balance?: number }, { userId: string; amount: number; reason: string }>({
      query: ({ userId, amount, reason }) => ({ route: 'POST /api/admin/users/{userId}/wallet', params: { userId }, body: { amount, reason } }),
      transformResponse: (res: { data?: { balance?: number } } | undefined) => res?.data ?? {},
      invalidatesTags: (_r, _e, { userId }) => [{ type: 'User', id: userId }, 'Wallet'],
    }),
  }),
});

export const { useAdjustWalletMutation } = adjustWalletApi;
