import type { Trip } from "#shared/schemas/trip.ts";
import type { Database, Db } from "../db/database.ts";
import type { TripRow, TripSnapshot } from "../db/schema.ts";
import { findVersion, historyPage } from "../history/trip-versions.ts";
import { AppError } from "../lib/http-errors.ts";
import type { LiveHub } from "../live/live-hub.ts";
import { findTripFor } from "./trip-access.ts";
import { toTripDto } from "./trip-dto.ts";
import { saveTripVersion } from "./trip-save.ts";
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

export const VERSION_NOT_KEPT_MESSAGE = "That version is not in the trip's history";

/**
 * "Restore" of a version in the trip's history: saved as a new version on whatever is current (a
 * restore never fails for being late), and published live to the other members.
 */
export async function restoreTripVersion(
  deps: { database: Pick<Database, "db">; live: Pick<LiveHub, "publishChange"> },
  userId: string,
  tripId: string,
  version: number,
): Promise<Trip> {
  const { db } = deps.database;
  for (;;) {
    const found = await findTripFor(db, userId, tripId, "edit");
    const { row } = found;
    const snapshot = await findVersion(db, row.id, version);
    if (!snapshot) throw new AppError(404, "not_found", VERSION_NOT_KEPT_MESSAGE);
    const restored = restoredValues(row, snapshot);
    const saved = await saveTripVersion(db, row, restored, userId, `Restored version ${version}`);
    if (saved) {
      await deps.live.publishChange(row.id, saved.version);
      return toTripDto(saved, found);
    }
  }
}

/** A page of the trip's history for a member, newest first. */
export async function tripHistory(db: Db, userId: string, tripId: string, before?: number) {
  const { row: trip } = await findTripFor(db, userId, tripId, "view");
  return historyPage(db, trip.id, before);
}
