import type { TripRow, TripSnapshot } from "../db/schema.ts";
import { staysAfterStops } from "../bookings/trip-bookings.ts";
import { withStopIndexes } from "#shared/trip-stop-days.ts";

/**
 * What a restore writes. A version saved before stops existed was one stop (its destination over its
 * dates, under the current first stop's id); its journeys and stays are today's, which it never knew
 * about, each stay kept at the stop of its nights.
 */
export function restoredValues(row: TripRow, snapshot: TripSnapshot): TripSnapshot {
  if (snapshot.stops) return snapshot;
  const stops = [
    {
      id: row.stops[0]?.id ?? crypto.randomUUID(),
      destination: snapshot.destination,
      startDate: snapshot.startDate,
      endDate: snapshot.endDate,
      place: snapshot.place,
    },
  ];
  return {
    ...snapshot,
    itinerary: withStopIndexes(snapshot.itinerary, stops),
    stops,
    transport: row.transport,
    stays: staysAfterStops(row.stays, row.stops, stops),
  };
}
