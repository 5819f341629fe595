import { queryOptions, useQuery } from "@tanstack/react-query";
import { tripDetailKey } from "#web/lib/trip/trip-query-keys.ts";
import { MESSAGES } from "#shared/messages.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const tripResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/trip.ts")).tripResponseSchema,
);

export const getTrip = (id: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(id)}`, {
    schema: tripResponseSchemaLoader,
    fallbackError: MESSAGES.loadTripFailed,
    signal,
  }).then((body) => body.trip);

export const getTripQueryOptions = (id: string) =>
  queryOptions({ queryKey: tripDetailKey(id), queryFn: ({ signal }) => getTrip(id, signal) });

/**
 * While a new plan's activities are being placed, each pin comes as a live change; a lookup that
 * finds nothing saves no change, so the count is also read again now and then until none waits.
 */
const PLACING_REFRESH_MS = 5_000;

export const useTrip = (id: string) =>
  useQuery({
    ...getTripQueryOptions(id),
    refetchInterval: (query) =>
      query.state.data?.placing || query.state.data?.travelPending ? PLACING_REFRESH_MS : false,
  });
