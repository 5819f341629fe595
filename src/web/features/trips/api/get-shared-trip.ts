import { queryOptions, useQuery } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { sharedTripResponseSchema } from "#shared/schemas/shared-trip.ts";
import { apiRequest } from "#web/lib/api-client.ts";

export const getSharedTrip = (id: string, signal?: AbortSignal) =>
  apiRequest(`/shared/${encodeURIComponent(id)}`, {
    schema: sharedTripResponseSchema,
    fallbackError: MESSAGES.loadTripFailed,
    signal,
  }).then((body) => body.trip);

export const getSharedTripQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ["shared-trip", id],
    queryFn: ({ signal }) => getSharedTrip(id, signal),
    // A revoked link must stop working at once, not after a cache lifetime.
    staleTime: 0,
  });

export const useSharedTrip = (id: string) => useQuery(getSharedTripQueryOptions(id));
