import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

type PendingOrder = ResponseOf<'GET /api/AWS/get-purched'>['pending'][number];

/**
 * GET /api/AWS/get-purched's pending orders that wait at an Aman/Masary outlet (a kiosk reference
 * was given): the lecture page says so instead of offering Buy again. Shared by the catalogue.
 */
export const listPendingKioskOrdersApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPendingKioskOrders: build.query<PendingOrder[], void>({
      query: () => ({ route: 'GET /api/AWS/get-purched' }),
      transformResponse: (res: ResponseOf<'GET /api/AWS/get-purched'>) => (Array.isArray(res?.pending) ? res.pending : []).filter((o) => o.status === 'pending' && (o.kioskReference || o.method === 'kiosk')),
      providesTags: ['Purchase'],
    }),
  }),
});

export const { useListPendingKioskOrdersQuery } = listPendingKioskOrdersApi;
