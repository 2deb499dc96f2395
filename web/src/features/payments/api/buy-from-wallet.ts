import { api } from '@/lib/api';
import type { PaymentIntention } from './create-payment-intention';

/** What is bought from the balance: a lecture, or a term's bundle (the whole term). */
export type BalancePurchase = { lectureId: string; termId?: never } | { termId: string; lectureId?: never };

/**
 * POST /api/user/payment-intention/{lectureId} (or …/term/{termId}) {couponCode?, useWallet: true}:
 * bought from the balance when it covers the price after the coupon (`granted`, no gateway), else
 * 402 wallet.insufficient with the balance and the price, and nothing taken. A mutation (the student
 * presses the button), unlike the Paymob link /pay asks for on its own. The purchases and the wallet refresh.
 */
export const buyFromWalletApi = api.injectEndpoints({
  endpoints: (build) => ({
    buyFromWallet: build.mutation<PaymentIntention, BalancePurchase & { couponCode?: string }>({
      query: ({ lectureId, termId, couponCode }) => {
        const body = { ...(couponCode ? { couponCode } : {}), useWallet: true };
        if (termId !== undefined) return { route: 'POST /api/user/payment-intention/term/{termId}' as const, params: { termId } as Record<string, string>, body };
        return { route: 'POST /api/user/payment-intention/{lectureId}' as const, params: { lectureId: lectureId! } as Record<string, string>, body };
      },
      invalidatesTags: ['Purchase', 'Wallet'],
    }),
  }),
});

export const { useBuyFromWalletMutation } = buyFromWalletApi;
