import { type Handler, ok } from '../lib/http';
import * as codes from './codes';

/** PATCH /api/admin/codes/batches/{batchId} {disabled} → {data: batch}. */
export const updateCodeBatch: Handler<'PATCH /api/admin/codes/batches/{batchId}'> = async ({ params, body }) => ok({ data: await codes.updateCodeBatch(params.batchId, body) });
