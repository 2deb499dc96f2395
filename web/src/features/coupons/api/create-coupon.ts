import type { Coupon, CreateCouponBody } from '@shared/schemas/commerce';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { listCouponsApi } from './list-coupons';

/** POST /api/Coupan/create (admin): the coupon and its limits. A code in use in any letter case → 409 coupon.duplicate. */
export const createCouponApi = api.injectEndpoints({
  endpoints: (build) => ({
    createCoupon: build.mutation<Coupon, CreateCouponBody>({
      query: (body) => ({ route: 'POST /api/Coupan/create', body }),
      transformResponse: (res: ResponseOf<'POST /api/Coupan/create'>) => res.data,
      // Spec 4: a created coupon is appended when its id is not in the list yet.
      async onQueryStarted(_, { dispatch, queryFulfilled }) {
        const { data: created } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (created)
          dispatch(
            listCouponsApi.util.updateQueryData('listCoupons', undefined, (coupons) => {
              if (!coupons.some((c) => c.id === created.id)) coupons.push(created);
            }),
          );
      },
    }),
  }),
});

export const { useCreateCouponMutation } = createCouponApi;
