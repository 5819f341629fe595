import { Hono } from "hono";
import {
  PLACES_SEARCH_MESSAGES,
  PLACES_SEARCH_RATE_LIMIT_WINDOW_SECONDS,
  placeSearchQuerySchema,
  type PlaceResult,
  type PlaceSearchResponse,
} from "#shared/schemas/places.ts";
import type { AppBindings } from "../http/context.ts";
import { AppError } from "../lib/http-errors.ts";
import { enforceRateLimit } from "../http/rate-limit.ts";
import { requireUser } from "../http/session.ts";
import { findTripFor } from "../trips/trip-access.ts";
import { PlacesError, type Place } from "../services/places/places-service.ts";

const SEARCH_LIMIT = 20;

const toResult = (p: Place): PlaceResult => ({
  osmId: p.osmId,
  name: p.name,
  kind: p.kind,
  lat: p.lat,
  lng: p.lng,
  address: p.address,
  openingHours: p.openingHours,
  website: p.website,
});

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
  let body: PlaceSearchResponse = { places: [] };
  if (trip.place && deps.places.enabled) {
    try {
      const places = await deps.places.search(query.q, trip.place, {
        signal: c.req.raw.signal,
        limit: SEARCH_LIMIT,
      });
      body = { places: places.map(toResult) };
    } catch (error) {
      if (!(error instanceof PlacesError)) throw error;
      throw new AppError(503, "places_unavailable", error.message, { cause: error });
    }
  }
  return c.json(body);
});
