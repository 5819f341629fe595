import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const historyResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/trip-history.ts")).historyResponseSchema,
);

export const LOAD_HISTORY_FAILED = "Failed to load the history";

/** One page of a trip's changes, newest first, before `before` when given. */
export const getTripHistory = (id: string, before?: number, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(id)}/history${before ? `?before=${before}` : ""}`, {
    schema: historyResponseSchemaLoader,
    fallbackError: LOAD_HISTORY_FAILED,
    signal,
  }).then((body) => body.changes);

export const tripHistoryKey = (id: string) => ["trips", "history", id] as const;

export const useTripHistory = (id: string, enabled: boolean) =>
  useInfiniteQuery({
    queryKey: tripHistoryKey(id),
    queryFn: ({ pageParam, signal }) => getTripHistory(id, pageParam, signal),
    initialPageParam: undefined as number | undefined,
    // A full page may have older ones behind it; a short one is the end.
    getNextPageParam: (page) => (page.length === 20 ? page[page.length - 1]?.version : undefined),
    enabled,
  });
