import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import type { Db, NamedStatement } from "../db/database.ts";
import { trips, type TripRow } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import type { SessionReader } from "../auth/session.ts";
import type { TripDetailRow } from "./trip-dto.ts";
import { withDurations } from "../planner/activity-duration.ts";

const uuid = z.uuid();

// Like the list's columns (trip-list.ts): dates and createdAt as text, the interests as JSON.
const OWN_TRIP: NamedStatement = {
  name: "trip_own",
  text: `select id, name, destination, to_char(start_date, 'YYYY-MM-DD') as "startDate",
    to_char(end_date, 'YYYY-MM-DD') as "endDate", budget, travel_style as "travelStyle",
    array_to_json(interests) as interests, itinerary, status, is_public as "isPublic",
    to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
    version, place, grounding, share_token as "shareToken"
    from trips where user_id = $1 and id = $2`,
};

/**
 * The hot read (GET /api/trips/:id): the signed-in user's own trip through one prepared statement,
 * in the same round trip as their session (401 without one), or 404 'Trip not found' (for a
 * missing id, someone else's trip, or a non-UUID).
 */
export async function readOwnTrip(session: SessionReader, id: string): Promise<TripDetailRow> {
  if (!uuid.safeParse(id).success) {
    await session.requireUser();
    throw notFound(MESSAGES.tripNotFound);
  }
  const { rows } = await session.readAsUser<TripDetailRow>(OWN_TRIP, [id]);
  const row = rows[0];
  if (!row) throw notFound(MESSAGES.tripNotFound);
  return row;
}

/** The user's whole trip row (for changing it), or 404 'Trip not found' like readOwnTrip. */
export async function findOwnTrip(db: Db, userId: string, id: string): Promise<TripRow> {
  const row = await findOwnTripOrNull(db, userId, id);
  if (!row) throw notFound(MESSAGES.tripNotFound);
  return row;
}

/** The user's own trip, or null (missing, someone else's, malformed): for context that may be absent. */
export async function findOwnTripOrNull(
  db: Db,
  userId: string,
  id: string,
): Promise<TripRow | null> {
  if (!uuid.safeParse(id).success) return null;
  const [row] = await db
    .select()
    .from(trips)
    .where(and(eq(trips.id, id), eq(trips.userId, userId)))
    .limit(1);
  // What every change starts from: a trip stored before activities had a length gets estimates,
  // written back with its next save.
  return row ? { ...row, itinerary: withDurations(row.itinerary) } : null;
}
