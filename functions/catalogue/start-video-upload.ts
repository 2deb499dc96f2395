import { created, type Handler } from '../lib/http';
import * as multipart from './multipart';

/** POST /api/AWS/uploads {fileName, fileType, fileSize} → 201 {key, uploadId, partSize, partCount, fileUrl}. */
export const startVideoUpload: Handler<'POST /api/AWS/uploads'> = async ({ body }) => created(await multipart.startVideoUpload(body));
