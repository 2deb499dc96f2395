import { type Handler, ok } from '../lib/http';
import * as multipart from './multipart';

/** DELETE /api/AWS/uploads?key&uploadId → {key, message}: the upload cancelled, its parts dropped. */
export const deleteVideoUpload: Handler<'DELETE /api/AWS/uploads'> = async ({ query }) => ok(await multipart.deleteVideoUpload(query));
