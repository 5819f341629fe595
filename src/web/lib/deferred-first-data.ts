import { useDeferredValue } from "react";

/**
 * A query's data, whose first arrival is rendered in a background render React can interrupt.
 *
 * TanStack Query hands its results to React through useSyncExternalStore, and React renders such an
 * update synchronously: a large page (a trip's editor) built from its first answer was one long task
 * that blocked input (300 ms on a throttled phone). Until the deferred copy has caught up this
 * returns undefined, so the caller keeps its loading state; every later change (a refetch, a save)
 * is returned at once, so an editor never renders an older trip than the cache holds.
 */
export function useDeferredFirstData<T>(data: T | undefined): T | undefined {
  const deferred = useDeferredValue(data);
  return deferred === undefined ? undefined : data;
}
