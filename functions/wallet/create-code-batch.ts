import { created, type Handler } from '../lib/http';
import * as codes from './codes';

/** POST /api/admin/codes/batches → 201 {data: batch}. */
export const createCodeBatch: Handler<'POST /api/admin/codes/batches'> = async ({ body }) => created({ data: await codes.createCodeBatch(body) });
