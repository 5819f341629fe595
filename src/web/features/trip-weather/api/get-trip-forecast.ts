import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const tripForecastSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/trip-forecast.ts")).tripForecastSchema,
);

export const getTripForecast = (tripId: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/forecast`, {
    schema: tripForecastSchemaLoader,
    fallbackError: "Weather is unavailable right now.",
    signal,
  });

export const getTripForecastQueryOptions = (tripId: string) =>
  queryOptions({
    queryKey: ["trips", "forecast", tripId] as const,
    queryFn: ({ signal }) => getTripForecast(tripId, signal),
    // Forecasts change slowly; the server caches them for ten minutes too.
    staleTime: 10 * 60 * 1000,
    retry: false,
  });

export const useTripForecast = (tripId: string) => useQuery(getTripForecastQueryOptions(tripId));
