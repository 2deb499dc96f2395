import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** DELETE /api/admin/delete_us/{id} (admin); spec 7: then reload (the list and the badge refetch). */
export const deleteMessageApi = api.injectEndpoints({
  endpoints: (build) => ({
    deleteMessage: build.mutation<ResponseOf<'DELETE /api/admin/delete_us/{id}'>, string>({
      query: (id) => ({ route: 'DELETE /api/admin/delete_us/{id}', params: { id } }),
      invalidatesTags: ['Message'],
    }),
  }),
});

export const { useDeleteMessageMutation } = deleteMessageApi;
