/**
 * What the catalogue domain offers the other domains (import only this file from outside
 * catalogue/). The quiz gate and payments build on these:
 *
 * - `lectureForSale(id, viewer)`: the stored lecture a student may buy (404 when it is gone or its
 *   course is), with its price and isFree;
 * - `lecturePrice(input, current)`: spec 5's price rule (negative made positive, 0 ⇔ free);
 * - `canWatch`, `isFreeLecture`, `isUnexpired`: who may watch a lecture (free, admin, unexpired purchase);
 * - `storeImage(file)`, `deleteImages(keys)`: images of a form into (and out of) the media bucket;
 * - `assertTermOpen(term, viewer)`: a locked term refuses students (403 `term.locked`);
 * - `toLecture`, `toVideo`: the API views of the stored records;
 * - `classReads(viewer)`: the records a class reads alike, kept a few seconds for students (class-reads.ts);
 * - `lectureViewFacts(ids)`: lectures' names, view limits and video names (the admin's view counts);
 * - `termForSale(id, viewer)`: the term whose bundle may be sold now (400 payment.noBundle otherwise);
 *   `lecturesOfBundle(id)`: the lectures a term's bundle gives now (My lectures); `sellsBundle(term)`:
 *   whether a term's bundle is sold now (a term's recharge codes are made only then);
 * - types `Viewer`, `LectureRecord`.
 */
export { canWatch, isFreeLecture, isUnexpired, type Viewer } from './access';
export { lecturesOfBundle, sellsBundle, termForSale } from './bundles';
export { classReads } from './class-reads';
export { lectureForSale } from './lectures';
export { deleteImages, storeImage } from './media';
export { lectureViewFacts } from './playback';
export { lecturePrice } from './pricing';
export { assertTermOpen } from './terms';
export { toLecture, toVideo } from './views';
export type { LectureRecord } from '../data/lecture-repo';
