import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type PaymentIntention = ResponseOf<'POST /api/user/payment-intention/{lectureId}'>;

export interface IntentionArgs {
  lectureId: string;
  couponCode?: string;
  /** Not sent: in the argument so that a new session asks again (spec 2: the link follows the lecture, token and coupon). */
  token: string | null;
}

/**
 * POST /api/user/payment-intention/{lectureId} {couponCode}: the server prices the lecture, applies
 * the coupon, stores a pending order and answers Paymob's checkout link. A query, not a mutation:
 * /pay asks again whenever its argument (lecture, token, coupon) changes. Each answer is a new
 * order that supersedes the last, so nothing is kept once /pay stops showing it, and no tag ever
 * refetches it. A 100 % coupon grants the lecture at once (`granted`): the purchases refresh.
 */
export const createPaymentIntentionApi = api.injectEndpoints({
  endpoints: (build) => ({
    createPaymentIntention: build.query<PaymentIntention, IntentionArgs>({
      query: ({ lectureId, couponCode }) => ({
        route: 'POST /api/user/payment-intention/{lectureId}',
        params: { lectureId },
        body: couponCode ? { couponCode } : {},
      }),
      keepUnusedDataFor: 0,
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data?.granted) dispatch(api.util.invalidateTags(['Purchase']));
      },
    }),
  }),
});

export const { useCreatePaymentIntentionQuery } = createPaymentIntentionApi;
