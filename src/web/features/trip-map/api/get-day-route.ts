import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Day } from "#shared/schemas/itinerary.ts";
import { apiRequest, lazySchema } from "#web/lib/api-client.ts";

const dayRouteSchemaLoader = lazySchema(
  async () => (await import("#shared/schemas/day-route.ts")).dayRouteSchema,
);

export const getDayRoute = (tripId: string, date: string, signal?: AbortSignal) =>
  apiRequest(`/trips/${encodeURIComponent(tripId)}/days/${encodeURIComponent(date)}/route`, {
    schema: dayRouteSchemaLoader,
    fallbackError: "The day's routes could not be loaded.",
    signal,
  });

/**
 * What the day's route depends on: its places in order and their legs. A save that changes neither
 * (a renamed activity, a note) keeps the lines drawn; one that does fetches them again.
 */
export const dayRouteSignature = (day: Day) =>
  JSON.stringify(
    day.activities.map((a) => [
      a.id,
      a.lat,
      a.lng,
      a.travel?.mode,
      a.travel?.source,
      a.travel?.summary,
    ]),
  );

export const getDayRouteQueryOptions = (tripId: string, day: Day) =>
  queryOptions({
    queryKey: ["trips", "day-route", tripId, day.date, dayRouteSignature(day)] as const,
    queryFn: ({ signal }) => getDayRoute(tripId, day.date, signal),
    // Keyed by what it is drawn from: the same key is the same route.
    staleTime: Infinity,
    retry: false,
  });

/** The day's legs along their routes (issue 46); none while `day` has no leg. */
export const useDayRoute = (tripId: string | undefined, day: Day | undefined) =>
  useQuery({
    ...getDayRouteQueryOptions(tripId ?? "", day ?? { date: "", activities: [] }),
    enabled: Boolean(tripId && day?.activities.some((a) => a.travel)),
  });
