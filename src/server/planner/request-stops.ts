import { randomUUID } from "node:crypto";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import { daysBetween } from "#shared/trip-dates.ts";
import { stopDateRanges } from "#shared/trip-stop-days.ts";

/**
 * A plan request's cities as the trip's stops, with their dates from the nights in order (Paris 2
 * nights from 28 Dec: 28–30 Dec, then Lyon 30 Dec – 1 Jan). Without `stops` the request is one stop:
 * its destination over the whole trip. `places[i]` is stop i's resolved place (the caller resolves
 * them; a missing one is null, as for a destination that was not found).
 */
export function requestStops(
  request: Pick<TripRequest, "destination" | "startDate" | "endDate" | "stops">,
  places: readonly (TripPlace | null | undefined)[] = [],
): TripStop[] {
  const cities = request.stops ?? [
    { destination: request.destination, nights: daysBetween(request.startDate, request.endDate) },
  ];
  const ranges = stopDateRanges(
    request.startDate,
    cities.map((city) => city.nights),
  );
  return cities.map((city, index) => ({
    id: randomUUID(),
    destination: city.destination,
    ...ranges[index]!,
    place: places[index] ?? null,
  }));
}
