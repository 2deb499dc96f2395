import { type Handler, ok } from '../lib/http';
import * as multipart from './multipart';

/** POST /api/AWS/uploads/parts {key, uploadId, fileSize, partSize, partNumbers} → {parts: [{partNumber, size, url}], expiresIn}. */
export const signUploadParts: Handler<'POST /api/AWS/uploads/parts'> = async ({ body }) => ok(await multipart.signUploadParts(body));
