import type { z } from 'zod';
import type { completeProfileBody } from '@shared/schemas/people';
import { api } from '@/lib/api';

/** Validated on the form with `completeProfileBody` (shared/schemas/people.ts). */
export type MissingProfileInput = z.input<typeof completeProfileBody>;
export type MissingProfileBody = z.output<typeof completeProfileBody>;

/** PATCH /api/user/complete-profile {mobileNumber, schooleYear}: a Google sign-up's phone and school year, once. */
export const updateMissingProfileApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateMissingProfile: build.mutation<unknown, MissingProfileBody>({
      query: (body) => ({ route: 'PATCH /api/user/complete-profile', body }),
      invalidatesTags: (res) => (res ? ['Profile', 'User'] : []),
    }),
  }),
});

export const { useUpdateMissingProfileMutation } = updateMissingProfileApi;
