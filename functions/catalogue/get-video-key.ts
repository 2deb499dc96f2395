import { type Handler } from '../lib/http';
import * as playback from './playback';

/** GET /api/AWS/media-keys/{assetId} → the 16 raw bytes of the asset's AES-128 key (application/octet-stream, no-store). */
export const getVideoKey: Handler<'GET /api/AWS/media-keys/{assetId}'> = async ({ params, auth }) => ({
  status: 200,
  bytes: await playback.videoKey(params.assetId, auth),
  headers: { 'content-type': 'application/octet-stream', 'cache-control': 'no-store' },
});
