/**
 * A load that every caller shares: started by the first call, kept once it has succeeded, and
 * forgotten when it fails, so the next call tries again (a lost connection must not stick).
 * Used for the code that pages fetch on first use: schemas, resolvers.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
