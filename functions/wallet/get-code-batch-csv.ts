import { type Handler } from '../lib/http';
import * as codes from './codes';

/** GET /api/admin/codes/batches/{batchId}/codes.csv → the batch's codes as a CSV download. */
export const getCodeBatchCsv: Handler<'GET /api/admin/codes/batches/{batchId}/codes.csv'> = async ({ params }) => {
  const { file, name } = await codes.codeBatchCsv(params.batchId);
  return { status: 200, bytes: file, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': `attachment; filename="${name}"` } };
};
