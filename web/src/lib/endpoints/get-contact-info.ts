import type { ContactInfo } from '@shared/schemas/people';
import { api } from '@/lib/api';
import type { ResponseOf } from '@/lib/api-client';

/** GET /api/contact-info (public): the teacher's card, from the platform's settings — on /contact, and on the login screen's device-limit panel (ask the teacher). */
export const getContactInfoApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContactInfo: build.query<ContactInfo, void>({
      query: () => ({ route: 'GET /api/contact-info' }),
      transformResponse: (res: ResponseOf<'GET /api/contact-info'>) => res.data,
    }),
  }),
});

export const { useGetContactInfoQuery } = getContactInfoApi;
