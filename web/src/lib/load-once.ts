/**
 * A module fetched on first use (a chunk of its own, kept out of the shell): every caller waits on the
 * one load, so they resume in the order they asked; a failed load is forgotten and the next call
 * tries again.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
