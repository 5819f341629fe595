import { Hono } from "hono";
import { withoutStaleDayFacts } from "#shared/day-facts.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { SharedTrip } from "#shared/schemas/shared-trip.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { AppBindings } from "../http/context.ts";
import { pathIds } from "../http/path-ids.ts";
import { notFound } from "../lib/http-errors.ts";
import { findPublicTrip } from "../trips/public-trip.ts";

/**
 * Public trips for anyone with the link, found by the link's token only (never by trip id). A
 * private trip, an unknown token and a token from before the last unshare are the same 404.
 */
export const sharedRoutes = new Hono<AppBindings>().get("/:shareToken", pathIds, async (c) => {
  const row = await findPublicTrip(c.var.deps.database.db, c.req.param("shareToken"));
  if (!row) throw notFound(MESSAGES.tripNotFound);
  const trip: SharedTrip = {
    ...row,
    itinerary: withoutStaleDayFacts(row.itinerary),
    travelStyle: row.travelStyle as Trip["travelStyle"],
  };
  return c.json({ trip });
});
