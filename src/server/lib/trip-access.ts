import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import type { Database, Db, NamedStatement } from "../db/client.ts";
import { trips, type TripRow } from "../db/schema.ts";
import { notFound } from "./http-errors.ts";
import type { TripDetailRow } from "./trip-dto.ts";

const uuid = z.uuid();

const OWN_TRIP: NamedStatement = {
  name: "trip_own",
  text: `select id, destination, to_char(start_date, 'YYYY-MM-DD') as "startDate",
    to_char(end_date, 'YYYY-MM-DD') as "endDate", budget, travel_style as "travelStyle", interests,
    itinerary, status, is_public as "isPublic", created_at as "createdAt", version, place, grounding
    from trips where id = $1 and user_id = $2`,
};

/**
 * The hot read (GET /api/trips/:id): the user's own trip through one prepared statement, or 404
 * 'Trip not found' (for a missing id, someone else's trip, or a non-UUID).
 */
export async function readOwnTrip(
  database: Database,
  userId: string,
  id: string,
): Promise<TripDetailRow> {
  if (!uuid.safeParse(id).success) throw notFound(MESSAGES.tripNotFound);
  const [row] = await database.query<TripDetailRow>(OWN_TRIP, [id, userId]);
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
  return row ?? null;
}
