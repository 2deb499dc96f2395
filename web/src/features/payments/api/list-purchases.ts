import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type Purchases = ResponseOf<'GET /api/AWS/get-purched'>;
export type PurchasedLecture = Purchases['data'][number];
export type PendingOrder = Purchases['pending'][number];
export type PurchasedBundle = NonNullable<Purchases['bundles']>[number];

/** GET /api/AWS/get-purched: my lectures (purchases and grants, with their dates), the whole terms bought and the orders still waiting (a kiosk reference). */
export const listPurchasesApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPurchases: build.query<Purchases, void>({
      query: () => ({ route: 'GET /api/AWS/get-purched' }),
      transformResponse: (res: Purchases) => ({ data: Array.isArray(res?.data) ? res.data : [], pending: Array.isArray(res?.pending) ? res.pending : [], bundles: Array.isArray(res?.bundles) ? res.bundles : [] }),
      providesTags: ['Purchase'],
    }),
  }),
});

export const { useListPurchasesQuery } = listPurchasesApi;
