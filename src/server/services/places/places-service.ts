import type { LookupFailure } from "#shared/service-failure.ts";
import type { TripSet } from "./trip-tags.ts";

/** A point on the map. */
export type LatLng = { lat: number; lng: number };

/** An OpenStreetMap element as `node/123`, `way/123` or `relation/123` (its page: openstreetmap.org/<osmId>). */
export type OsmId = `${"node" | "way" | "relation"}/${number}`;

/**
 * A real, named place from OpenStreetMap. Ways and relations stand at their centre point.
 * `notable`: it has a `wikidata`/`wikipedia` tag, is a `tourism=attraction` or heritage-listed.
 */
export type Place = {
  osmId: OsmId;
  name: string;
  /** What it is, in words: "museum", "restaurant", "archaeological site". */
  kind: string;
  lat: number;
  lng: number;
  /** Street and number, postcode and town when OSM has them; null otherwise. */
  address: string | null;
  /** The OSM `opening_hours` value as written (evaluate it with opening-hours.ts); null when absent. */
  openingHours: string | null;
  /** An http(s) address only; null otherwise. */
  website: string | null;
  notable: boolean;
  /** The traveller's interests this place was found for (candidates only). */
  interests?: string[];
  /** The element's OSM tags (fee, cuisine, wheelchair…) for the planner's own rules. */
  tags?: Record<string, string>;
};

export type PlacesOptions = { signal: AbortSignal };

/**
 * Why real places could not be had. `off`: OVERPASS_URL=off; `busy`: 429; `timeout`: our timeout,
 * 504 or Overpass's own "runtime error" remark; `unreachable`: network; `bad_response`: anything else.
 */
export type PlacesFailure = "off" | "busy" | "timeout" | "unreachable" | "bad_response";

const REASONS: Record<PlacesFailure, string> = {
  off: "Real places from OpenStreetMap are turned off on this server.",
  busy: "OpenStreetMap's place service is busy right now. Try again in a few minutes.",
  timeout: "OpenStreetMap's place service took too long to answer. Try again in a few minutes.",
  unreachable: "OpenStreetMap's place service could not be reached.",
  bad_response: "OpenStreetMap's place service sent an answer we could not read.",
};

/**
 * Real places could not be had. `message` is a sentence for the traveller (the trip's grounding
 * reason, the search box); `status` and `cause` are for the log. Never thrown for "nothing there":
 * that is an empty list.
 */
export class PlacesError extends Error {
  override name = "PlacesError";
  constructor(
    readonly reason: PlacesFailure,
    readonly status: number | null = null,
    options?: ErrorOptions,
  ) {
    super(REASONS[reason], options);
  }
}

/** How the service failed, in the terms a trip's grounding uses (see ServiceFailure). */
export function lookupFailureOf(error: PlacesError): LookupFailure {
  switch (error.reason) {
    case "timeout":
      return "timeout";
    case "busy":
      return error.status === 429 ? "rate_limited" : "refused";
    case "unreachable":
      // No status: no connection; a 5xx is an answer, a refusal.
      return error.status === null ? "unreachable" : "refused";
    case "bad_response":
      return "bad_response";
    case "off":
      return "refused";
  }
}

/**
 * Real places near a destination (OpenStreetMap through the Overpass API, cached in the database for
 * 30 days). Every method throws PlacesError when places cannot be had (never an empty answer for a
 * failure); an aborted `signal` rejects with its reason. Each call has one time budget for all of
 * it (queue waits and the retry included): past it, it fails with PlacesError("timeout").
 */
export type PlacesService = {
  /** False when OVERPASS_URL=off: every method then throws PlacesError("off"). */
  readonly enabled: boolean;
  /**
   * Named places for the traveller's interests (INTERESTS names; others are ignored), notable first,
   * then nearest. A place matching two interests appears once, with both in `interests`. At most one
   * Overpass request per interest not yet cached for this destination (so at most 7 for a new one).
   */
  candidates(near: LatLng, interests: readonly string[], options: PlacesOptions): Promise<Place[]>;
  /**
   * The place best matching `name` near the point (exact name first, then a name containing it or
   * contained in it; notable, then nearest), or null when none matches. Cached per name.
   */
  findByName(name: string, near: LatLng, options: PlacesOptions): Promise<Place | null>;
  /**
   * Places whose name contains `q` (case-insensitive) near the point, best first, at most `limit`
   * (default 20): from the destination's cached candidates when they have some, otherwise one
   * request, cached per text.
   */
  search(q: string, near: LatLng, options: PlacesOptions & { limit?: number }): Promise<Place[]>;
  /**
   * These elements (`node/1`, `way/2`, `relation/3`) as OpenStreetMap has them, by id: from the
   * destination's cached answers when `near` is given and they hold them, the rest in one request.
   * An id that does not exist or has no name or position is absent from the answer.
   */
  byIds(osmIds: readonly string[], near: LatLng | null, options: PlacesOptions): Promise<Place[]>;
  /**
   * The whole trip's places near the point (issue 47): lodging, breakfast (cafés, bakeries) or
   * dining (restaurants), nearest first. One request per set and destination, cached and paced as
   * `candidates` is.
   */
  tripPlaces(near: LatLng, set: TripSet, options: PlacesOptions): Promise<Place[]>;
};

/** The service when OVERPASS_URL=off: it says so instead of pretending there is nothing. */
export const DISABLED_PLACES: PlacesService = {
  enabled: false,
  candidates: () => Promise.reject(new PlacesError("off")),
  findByName: () => Promise.reject(new PlacesError("off")),
  search: () => Promise.reject(new PlacesError("off")),
  byIds: () => Promise.reject(new PlacesError("off")),
  tripPlaces: () => Promise.reject(new PlacesError("off")),
};
