import { queryOptions, useQuery } from "@tanstack/react-query";
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

export const tripDetailKey = (id: string) => ["trips", "detail", id] as const;

export const getTripQueryOptions = (id: string) =>
  queryOptions({ queryKey: tripDetailKey(id), queryFn: ({ signal }) => getTrip(id, signal) });

export const useTrip = (id: string) => useQuery(getTripQueryOptions(id));
