import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

export type SalesReport = ResponseOf<'GET /api/payments/sales'>['data'];
export type SalesOrder = SalesReport['orders'][number];

/** GET /api/payments/sales?from&to (admin): Cairo calendar days, both ends included. */
export const getSalesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSales: build.query<SalesReport, { from: string; to: string }>({
      query: ({ from, to }) => ({ route: 'GET /api/payments/sales', query: { from, to } }),
      transformResponse: (res: ResponseOf<'GET /api/payments/sales'>) => res.data,
      providesTags: ['Purchase', 'Coupon'],
    }),
  }),
});

export const { useGetSalesQuery } = getSalesApi;
