import { api } from '@/lib/api';
import { type BatchCode, codesOfCsv } from '../lib/codes-csv';

export interface BatchCodes {
  /** The file as the server wrote it (its byte-order mark put back when saved). */
  csv: string;
  codes: BatchCode[];
}

/**
 * GET /api/admin/codes/batches/{batchId}/codes.csv (admin): every code of the batch in clear, with
 * its state. The CSV button saves it; the printed sheet reads the codes from it. Not kept once no
 * screen shows it (the codes are the batch's value).
 */
export const getCodeBatchCsvApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCodeBatchCsv: build.query<BatchCodes, string>({
      query: (batchId) => ({ route: 'GET /api/admin/codes/batches/{batchId}/codes.csv', params: { batchId } }),
      transformResponse: (res: unknown) => {
        const csv = typeof res === 'string' ? res.replace(/^\uFEFF/, '') : '';
        return { csv, codes: codesOfCsv(csv) };
      },
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetCodeBatchCsvQuery } = getCodeBatchCsvApi;
