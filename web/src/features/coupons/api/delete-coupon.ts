import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';
import { listCouponsApi } from './list-coupons';

/** DELETE /api/Coupan/{id} (admin). Spec 4: delete removes it from the list. */
export const deleteCouponApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteCoupon: build.mutation<ResponseOf<'DELETE /api/Coupan/{id}'>, string>({
      query: (id) => ({ route: 'DELETE /api/Coupan/{id}', params: { id } }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(listCouponsApi.util.updateQueryData('listCoupons', undefined, (coupons) => coupons.filter((c) => c.id !== id)));
      },
    }),
  }),
});

export const { useDeleteCouponMutation } = deleteCouponApi;
