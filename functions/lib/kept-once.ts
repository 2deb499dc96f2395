/**
 * `load` run once per Lambda instance and its answer kept: callers that come together share the one
 * run, and a failed run is not kept (the next call tries again). For what a cold start reads once
 * (a signing key) and one-time work a request may find undone (the users search backfill).
 */
export function keptOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined;
  return () => (kept ??= load().catch((e: unknown) => ((kept = undefined), Promise.reject(e))));
}
