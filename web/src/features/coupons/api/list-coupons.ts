import type { Coupon } from '@shared/schemas/commerce';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** GET /api/Coupan/all (admin). Spec 4: a fetch replaces the list; create and delete edit this cache. */
export const listCouponsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listCoupons: build.query<Coupon[], void>({
      query: () => ({ route: 'GET /api/Coupan/all' }),
      transformResponse: (res: ResponseOf<'GET /api/Coupan/all'>) => (Array.isArray(res?.data) ? res.data : []),
      providesTags: ['Coupon'],
    }),
  }),
});

export type { Coupon };
export const { useListCouponsQuery } = listCouponsApi;
