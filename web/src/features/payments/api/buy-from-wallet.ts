import { api } from '@/lib/api';
import type { PaymentIntention } from './create-payment-intention';

/**
 * POST /api/user/payment-intention/{lectureId} {couponCode?, useWallet: true}: the lecture bought from
 * the balance when it covers the price after the coupon (`granted`, no gateway), else 402
 * wallet.insufficient with the balance and the price, and nothing taken. A mutation (the student
 * presses the button), unlike the Paymob link /pay asks for on its own. The purchases and the wallet refresh.
 */
export const buyFromWalletApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyFromWallet: build.mutation<PaymentIntention, { lectureId: string; couponCode?: string }>({
      query: ({ lectureId, couponCode }) => ({ route: 'POST /api/user/payment-intention/{lectureId}', params: { lectureId }, body: { ...(couponCode ? { couponCode } : {}), useWallet: true } }),
      invalidatesTags: ['Purchase', 'Wallet'],
    }),
  }),
});

export const { useBuyFromWalletMutation } = buyFromWalletApi;
