import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type TermPaymentIntention = ResponseOf<'POST /api/user/payment-intention/term/{termId}'>;

/**
 * POST /api/user/payment-intention/term/{termId} {couponCode?}: the server prices the term's bundle and
 * answers Paymob's checkout link (or grants it: a 100 % coupon, then the purchases refresh). A mutation:
 * asked once per press of the buy button.
 */
export const createTermPaymentIntentionApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTermPaymentIntention: build.mutation<TermPaymentIntention, { termId: string; couponCode?: string }>({
      query: ({ termId, couponCode }) => ({ route: 'POST /api/user/payment-intention/term/{termId}', params: { termId }, body: couponCode ? { couponCode } : {} }),
      invalidatesTags: (res) => (res?.granted ? ['Purchase'] : []),
    }),
  }),
});

export const { useCreateTermPaymentIntentionMutation } = createTermPaymentIntentionApi;
