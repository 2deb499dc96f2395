import { type Handler, ok } from '../lib/http';
import * as multipart from './multipart';

/** POST /api/AWS/uploads/finish {key, uploadId, parts: [{partNumber, etag}]} → {key, fileUrl, size}. */
export const finishVideoUpload: Handler<'POST /api/AWS/uploads/finish'> = async ({ body }) => ok(await multipart.finishVideoUpload(body));
