import type { PlaceResult, PlaceSearchResponse } from "#shared/schemas/places.ts";
import type { TripRow } from "../db/schema.ts";
import { AppError } from "../lib/http-errors.ts";
import { PlacesError, type Place, type PlacesService } from "../services/places/places-service.ts";

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
 * Real places (OpenStreetMap) matching `q` near the trip's destination: the editor's location field
 * and the assistants' `search_places`. Empty when the trip has no resolved place or places are off;
 * OpenStreetMap failing is a 503 whose message says so.
 */
export async function searchPlacesNear(
  places: PlacesService,
  trip: Pick<TripRow, "place">,
  q: string,
  signal: AbortSignal,
): Promise<PlaceSearchResponse> {
  if (!trip.place || !places.enabled) return { places: [] };
  try {
    const found = await places.search(q, trip.place, { signal, limit: SEARCH_LIMIT });
    return { places: found.map(toResult) };
  } catch (error) {
    if (!(error instanceof PlacesError)) throw error;
    throw new AppError(503, "places_unavailable", error.message, { cause: error });
  }
}
