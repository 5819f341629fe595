import type { Trip } from "#shared/schemas/trip.ts";
import type { TripRow } from "../db/schema.ts";

/** The owner's view of a trip row. Never includes user_id. */
export function toTripDto(row: TripRow): Trip {
  return {
    id: row.id,
    destination: row.destination,
    startDate: row.startDate,
    endDate: row.endDate,
    budget: Number(row.budget),
    travelStyle: row.travelStyle as Trip["travelStyle"],
    interests: row.interests,
    itinerary: row.itinerary,
    status: row.status,
    isPublic: row.isPublic,
    createdAt: row.createdAt.toISOString(),
  };
}
