import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { MESSAGES } from "#shared/messages.ts";
import type { SharedTrip } from "#shared/schemas/shared-trip.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { AppBindings } from "../http/context.ts";
import { trips } from "../db/schema.ts";
import { notFound } from "../lib/http-errors.ts";

const tripId = z.uuid();

/** Public trips for anyone with the link. A private or missing trip is the same 404. */
export const sharedRoutes = new Hono<AppBindings>().get("/:id", async (c) => {
  const id = c.req.param("id");
  if (!tripId.safeParse(id).success) throw notFound(MESSAGES.tripNotFound);
  // Only the public columns are read, so a private field cannot leak through a later DTO change.
  const [row] = await c.var.deps.database.db
    .select({
      id: trips.id,
      destination: trips.destination,
      startDate: trips.startDate,
      endDate: trips.endDate,
      travelStyle: trips.travelStyle,
      itinerary: trips.itinerary,
      version: trips.version,
      place: trips.place,
      grounding: trips.grounding,
    })
    .from(trips)
    .where(and(eq(trips.id, id), eq(trips.isPublic, true)))
    .limit(1);
  if (!row) throw notFound(MESSAGES.tripNotFound);
  const trip: SharedTrip = { ...row, travelStyle: row.travelStyle as Trip["travelStyle"] };
  return c.json({ trip });
});
