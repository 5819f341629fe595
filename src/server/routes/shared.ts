import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import { withoutStaleDayFacts } from "#shared/day-facts.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { SharedTrip } from "#shared/schemas/shared-trip.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { AppBindings } from "../http/context.ts";
import { pathIds } from "../http/path-ids.ts";
import { trips } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";
import { withDurations } from "../planner/activity-duration.ts";

/**
 * Public trips for anyone with the link, found by the link's token only (never by trip id). A
 * private trip, an unknown token and a token from before the last unshare are the same 404.
 */
export const sharedRoutes = new Hono<AppBindings>().get("/:shareToken", pathIds, async (c) => {
  const token = c.req.param("shareToken");
  // Only the public columns are read, so a private field cannot leak through a later DTO change.
  const [row] = await c.var.deps.database.db
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
  if (!row) throw notFound(MESSAGES.tripNotFound);
  const trip: SharedTrip = {
    ...row,
    itinerary: withoutStaleDayFacts(withDurations(row.itinerary)),
    travelStyle: row.travelStyle as Trip["travelStyle"],
    // Booking references are for the members only: rebuilt without them, field by field.
    transport: row.transport.map(({ reference: _reference, ...journey }) => journey),
    stays: row.stays.map(({ reference: _reference, ...stay }) => stay),
  };
  return c.json({ trip });
});
