import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/**
 * POST /api/wallet/top-up {amount}: an order for the amount and Paymob's checkout for it (card,
 * wallet or kiosk), as a lecture's; the wallet is credited once Paymob's signed notice settles it.
 */
export const createTopUpApi = api.injectEndpoints({
  endpoints: (build) => ({
    createTopUp: build.mutation<ResponseOf<'POST /api/wallet/top-up'>, number>({
      query: (amount) => ({ route: 'POST /api/wallet/top-up', body: { amount } }),
    }),
  }),
});

export const { useCreateTopUpMutation } = createTopUpApi;
