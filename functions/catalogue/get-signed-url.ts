import { type Handler, ok } from '../lib/http';
import { uploadUrl } from './uploads';

/** GET /api/AWS/get-signed-url?fileName&fileType[&fileSize] → {signedUrl, key, fileUrl, expiresIn}. */
export const getSignedUrlHandler: Handler<'GET /api/AWS/get-signed-url'> = async ({ query }) => ok(await uploadUrl(query));
