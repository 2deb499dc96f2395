/**
 * What the media domain (the video pipeline: transcode jobs and their events) offers the other
 * domains. Import only this file from outside functions/media.
 *
 * - `assetsOfSources(sourceKeys)`: each uploaded source's asset (state, progress, failure, rungs);
 * - `assetIdOfKey`, `hlsPrefixOf`, `hlsMasterKey`: where an asset's HLS lives (lib/media-layout);
 * - type `AssetRecord`.
 */
export { type AssetRecord, type AssetRung, assetById, assetsOfSources } from '../data/asset-repo';
export { assetIdOfKey, hlsMasterKey, hlsPrefixOf } from '../lib/media-layout';
