import { api } from '@/lib/api';

/**
 * POST /api/wallet/top-up {amount}: an order for the amount and Paymob's checkout for it (card,
 * wallet or kiosk), as a lecture's; the wallet is credited when Paymob's signed notice settles it.
 */
export const topUpWalletApi = api.injectEndpoints({
  endpoints: (build) => ({
    topUpWallet: build.mutation<{ paymentUrl: string }, number>({
      query: (amount) => ({ route: 'POST /api/wallet/top-up', body: { amount } }),
      transformResponse: (res: { paymentUrl?: string; data?: { paymentUrl?: string } } | undefined) => ({ paymentUrl: res?.paymentUrl ?? res?.data?.paymentUrl ?? '' }),
    }),
  }),
});

export const { useTopUpWalletMutation } = topUpWalletApi;
