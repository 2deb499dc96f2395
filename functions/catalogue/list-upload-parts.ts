import { type Handler, ok } from '../lib/http';
import * as multipart from './multipart';

/** GET /api/AWS/uploads/parts?key&uploadId → {parts: [{partNumber, etag, size}]}: what is stored, to resume from. */
export const listUploadParts: Handler<'GET /api/AWS/uploads/parts'> = async ({ query }) => ok(await multipart.listUploadParts(query));
