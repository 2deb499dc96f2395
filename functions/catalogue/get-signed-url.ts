import { type Handler, ok } from '../lib/http';
import * as uploads from './uploads';

/** GET /api/AWS/get-signed-url?fileName&fileType&fileSize → {signedUrl, key, fileUrl, expiresIn}: a PUT of exactly fileSize bytes. */
export const getSignedUrl: Handler<'GET /api/AWS/get-signed-url'> = async ({ query }) => ok(await uploads.getSignedUrl(query));
