import { Hono } from "hono";
import {
  PLACES_SEARCH_MESSAGES,
  PLACES_SEARCH_RATE_LIMIT_WINDOW_SECONDS,
  placeSearchQuerySchema,
} from "#shared/schemas/places.ts";
import type { AppBindings } from "../http/context.ts";
import { enforceRateLimit } from "../http/rate-limit.ts";
import { requireUser } from "../http/session.ts";
import { findTripFor } from "../trips/trip-access.ts";
import { searchPlacesNear } from "../trips/place-search.ts";

/**
 * `GET /api/places/search?tripId=…&q=…`: the trip owner's search for a real place near the trip's
 * destination (the editor's location field). See placeSearchResponseSchema for when it is empty;
 * OpenStreetMap failing is a 503 whose message says so. Every search counts against the user's
 * PLACES_SEARCH_RATE_LIMIT, since Overpass's few slots are shared with everyone's trip planning.
 */
export const placesRoutes = new Hono<AppBindings>().get("/search", async (c) => {
  const deps = c.var.deps;
  const user = await requireUser(c);
  const query = placeSearchQuerySchema.parse(c.req.query());
  await enforceRateLimit(deps.database.db, {
    key: `places-search:${user.id}`,
    limit: deps.env.PLACES_SEARCH_RATE_LIMIT,
    windowSeconds: PLACES_SEARCH_RATE_LIMIT_WINDOW_SECONDS,
    message: PLACES_SEARCH_MESSAGES.rateLimited,
  });
  const { row: trip } = await findTripFor(deps.database.db, user.id, query.tripId, "edit");
  return c.json(await searchPlacesNear(deps.places, trip, query.q, c.req.raw.signal));
});
