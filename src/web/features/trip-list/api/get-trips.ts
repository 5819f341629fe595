import type { TripFilters } from "#shared/schemas/trip-list.ts";
import { tripListKey } from "#web/lib/trip/trip-query-keys.ts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { MESSAGES } from "#shared/messages.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const tripListResponseSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/trip-list.ts")).tripListResponseSchema,
);

export function getTrips(filters: TripFilters, cursor: string | null, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined) params.set(key, String(value));
  }
  if (cursor) params.set("cursor", cursor);
  return apiRequest(`/trips?${params.toString()}`, {
    schema: tripListResponseSchemaLoader,
    fallbackError: MESSAGES.loadTripsFailed,
    signal,
  });
}

export const getTripsQueryOptions = (filters: TripFilters) =>
  infiniteQueryOptions({
    queryKey: [...tripListKey, filters],
    queryFn: ({ pageParam, signal }) => getTrips(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useTrips = (filters: TripFilters, enabled: boolean) =>
  useInfiniteQuery({ ...getTripsQueryOptions(filters), enabled });
