import { type Handler, ok } from '../lib/http';
import * as codes from './codes';

/** GET /api/admin/codes/batches → {data: [batch]}, newest first. */
export const listCodeBatches: Handler<'GET /api/admin/codes/batches'> = async () => ok({ data: await codes.listCodeBatches() });
