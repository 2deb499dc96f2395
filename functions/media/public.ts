/**
 * What the media domain (the video pipeline: transcode jobs and their events) offers the other
 * domains. Import only this file from outside functions/media.
 *
 * - `assetsOfSources(sourceKeys)`: each uploaded source's asset (state, progress, failure, rungs);
 * - `assetIdOfKey`, `hlsPrefixOf`, `hlsMasterKey`: where an asset's HLS lives (lib/media-layout);
 * - `assetKeyOf(assetId)`: the 16 bytes of the asset's AES-128 key (HLS_AES=1), for the key route only;
 * - `restartTranscode(sourceKey, stored)`, `isStuck`: the teacher's retry of a video that failed or went quiet;
 * - `holdVideoUpload(key)`, `startSavedUploads(keys)`: a lecture form's uploads wait for the lecture's save (held-uploads);
 * - type `AssetRecord`.
 */
export { type AssetRecord, type AssetRung, assetById, assetKeyOf, assetsOfSources } from '../data/asset-repo';
export { assetIdOfKey, hlsMasterKey, hlsPrefixOf } from '../lib/media-layout';
export { holdVideoUpload, startSavedUploads } from './held-uploads';
export { isStuck, restartTranscode } from './retry';
