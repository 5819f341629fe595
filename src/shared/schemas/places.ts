import { z } from "zod";
import { PLACE_SEARCH_MAX_LENGTH } from "../constants.ts";
import { OSM_ID_PATTERN } from "../constants.ts";
import { safeText } from "./safe-input.ts";

/** PLACES_SEARCH_RATE_LIMIT counts one user's searches in windows of this length. */
export const PLACES_SEARCH_RATE_LIMIT_WINDOW_SECONDS = 10 * 60;

// Ours, not the spec's: OpenStreetMap's servers are shared with everyone's trip planning.
export const PLACES_SEARCH_MESSAGES = {
  rateLimited:
    "You are searching for places faster than we can answer. Please wait a few minutes and try again.",
} as const;

/**
 * `GET /api/places/search?tripId=…&q=…`: places whose name contains `q`, near the trip's destination.
 * `tripId` is checked by the route (another user's or a missing trip is 404, like every trip route).
 */
export const placeSearchQuerySchema = z.object({
  tripId: z.string({ error: "Choose a trip to search near" }),
  // NUL and lone surrogates would reach Overpass and the places cache (which cannot store them).
  q: safeText("A place search", { error: "Type part of a place's name to search" })
    .trim()
    .min(1, "Type part of a place's name to search")
    .max(
      PLACE_SEARCH_MAX_LENGTH,
      `A place search is at most ${PLACE_SEARCH_MAX_LENGTH} characters`,
    ),
});

/** A place from OpenStreetMap as the editor's location field offers it. */
export const placeResultSchema = z.object({
  osmId: z.string().regex(OSM_ID_PATTERN),
  name: z.string(),
  kind: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  address: z.string().nullable(),
  openingHours: z.string().nullable(),
  /** http(s) only. */
  website: z.string().nullable(),
});
export type PlaceResult = z.infer<typeof placeResultSchema>;

/**
 * The answer: best match first. Empty when nothing matches, when real places are off on the server
 * (OVERPASS_URL=off), or when the trip's destination was not located (no `place`): the location
 * field stays free text then. When OpenStreetMap cannot be reached the route answers 503 with a
 * reason instead, never an empty list.
 */
export const placeSearchResponseSchema = z.object({ places: z.array(placeResultSchema) });
export type PlaceSearchResponse = z.infer<typeof placeSearchResponseSchema>;
