import { api } from '@/lib/api';
import { type ChildReport, PARENT_ROUTES } from '@/lib/parent-routes';

/** Issue 43: GET /api/parent/children/{studentId}/report — a linked child's lectures, weekly watch time, quiz results and last activity. */
export const getChildReportApi = api.injectEndpoints({
  endpoints: (build) => ({
    getChildReport: build.query<ChildReport, string>({
      query: (studentId) => ({ route: PARENT_ROUTES.getChildReport, params: { studentId } }),
      transformResponse: (res: { data: ChildReport }) => res.data,
    }),
  }),
});

export const { useGetChildReportQuery } = getChildReportApi;
