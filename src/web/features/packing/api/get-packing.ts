import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";
import { tripLiveKey } from "#web/lib/trip/trip-live-key.ts";

export const LOAD_PACKING_FAILED = "Failed to load the packing lists";

const packingSchema = lazySchema(
  async () => (await import("#shared/schemas/packing.ts")).packingResponseSchema,
);

/** GET /api/trips/:id/packing: the shared list and the caller's own. */
export const getPacking = (tripId: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/packing`, {
    schema: packingSchema,
    fallbackError: LOAD_PACKING_FAILED,
    signal,
  });

// Under the trip's live key: another member's tick or item refreshes the lists (use-trip-live.ts).
export const packingKey = (tripId: string) => [...tripLiveKey(tripId), "packing"] as const;

export const usePacking = (tripId: string) =>
  useQuery(
    queryOptions({
      queryKey: packingKey(tripId),
      queryFn: ({ signal }) => getPacking(tripId, signal),
    }),
  );
