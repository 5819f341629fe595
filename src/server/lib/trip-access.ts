import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import type { Db } from "../db/client.ts";
import { trips, type TripRow } from "../db/schema.ts";
import { notFound } from "./http-errors.ts";

const uuid = z.uuid();

/** The user's own trip, or 404 'Trip not found' (for a missing id, someone else's trip, or a non-UUID). */
export async function findOwnTrip(db: Db, userId: string, id: string): Promise<TripRow> {
  if (!uuid.safeParse(id).success) throw notFound(MESSAGES.tripNotFound);
  const [row] = await db
    .select()
    .from(trips)
    .where(and(eq(trips.id, id), eq(trips.userId, userId)))
    .limit(1);
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
