import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { trips } from "../db/schema.ts";
import { withDurations } from "../planner/activity-duration.ts";
import { SHARE_TOKEN_PATTERN } from "./share-token.ts";

/**
 * The one read of a trip through its public link, for every public surface: the shared page, its
 * calendar file, its exports and the link preview. Found by the link's token only (never by trip
 * id), public and not deleted, so unsharing or deleting a trip ends every one of them at once; a
 * malformed token asks nothing. Only public columns are read, and booking references (the members'
 * own) are taken out here, so no surface can forget to.
 */
export async function findPublicTrip(db: Db, token: string) {
  if (!SHARE_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({
      id: trips.id,
      name: trips.name,
      destination: trips.destination,
      startDate: trips.startDate,
      endDate: trips.endDate,
      travelStyle: trips.travelStyle,
      itinerary: trips.itinerary,
      version: trips.version,
      place: trips.place,
      grounding: trips.grounding,
      stops: trips.stops,
      transport: trips.transport,
      stays: trips.stays,
    })
    .from(trips)
    .where(and(eq(trips.shareToken, token), eq(trips.isPublic, true), isNull(trips.deletedAt)))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    itinerary: withDurations(row.itinerary),
    transport: row.transport.map(({ reference: _reference, ...journey }) => journey),
    stays: row.stays.map(({ reference: _reference, ...stay }) => stay),
  };
}

export type PublicTrip = NonNullable<Awaited<ReturnType<typeof findPublicTrip>>>;
