import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import type { Database, NamedStatement } from "../db/client.ts";
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

/** The user's own trip, or 404 'Trip not found' (for a missing id, someone else's trip, or a non-UUID). */
export async function findOwnTrip(
  database: Database,
  userId: string,
  id: string,
): Promise<TripDetailRow> {
  if (!uuid.safeParse(id).success) throw notFound(MESSAGES.tripNotFound);
  const [row] = await database.query<TripDetailRow>(OWN_TRIP, [id, userId]);
  if (!row) throw notFound(MESSAGES.tripNotFound);
  return row;
}
