import { randomUUID } from "node:crypto";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";

/** A trip with one destination is one stop, from its first day to its last. */
export function singleStop(trip: {
  destination: string;
  startDate: string;
  endDate: string;
  place: TripPlace | null;
}): TripStop[] {
  return [
    {
      id: randomUUID(),
      destination: trip.destination,
      startDate: trip.startDate,
      endDate: trip.endDate,
      place: trip.place,
    },
  ];
}
