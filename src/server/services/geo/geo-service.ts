import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { LookupFailure } from "#shared/service-failure.ts";

export type LatLng = { lat: number; lng: number };

/**
 * What a destination lookup came to: the place, "no such place" (the geocoder answered, nothing
 * matched), or "could not be asked" with why: the trip page says which, never "not found" for a
 * geocoder that did not answer.
 */
export type DestinationLookup =
  | { kind: "found"; place: TripPlace }
  | { kind: "not_found" }
  | { kind: "unavailable"; reason: LookupFailure };

/** The place of a lookup, or null when there is none (either way). */
export const placeOf = (lookup: DestinationLookup): TripPlace | null =>
  lookup.kind === "found" ? lookup.place : null;

export type GeoOptions = {
  signal: AbortSignal;
  /**
   * Whose lookup this is (a user id): the geocoder's one-a-second queue serves owners in turn, so
   * one user's many lookups never hold another's back by more than one request.
   */
  owner?: string | undefined;
  /**
   * Asked before a lookup goes to the geocoder (not for cached answers): false skips it, and the
   * activity stays unlocated (nothing is cached, so a later save looks it up).
   */
  admit?: (() => Promise<boolean>) | undefined;
};

/**
 * Where places are: the trip's destination (Open-Meteo's keyless geocoding, which gives the IANA time
 * zone) and, when GEOCODER_URL is set, each activity near it (a Nominatim-compatible `/search`).
 * Neither ever throws for an outside failure: the trip is saved anyway, unlocated.
 */
export type GeoService = {
  /** True when activity lookups are on (GEOCODER_URL set); otherwise the model's coordinates stay. */
  readonly locatesActivities: boolean;
  /** The destination's place, or why there is none (a failure is logged too). */
  resolveDestination(name: string, options: GeoOptions): Promise<DestinationLookup>;
  /** An activity's location searched within the destination's area; null when not found or off. */
  locateActivity(location: string, near: TripPlace, options: GeoOptions): Promise<LatLng | null>;
};

/** A geo service that locates nothing: for planning without the network (the eval's offline runs). */
export const NO_GEO: GeoService = {
  locatesActivities: false,
  resolveDestination: () => Promise.resolve({ kind: "not_found" }),
  locateActivity: () => Promise.resolve(null),
};

/** The same service, with `owner` and `admit` added to every activity lookup. */
export function lookupsOf(geo: GeoService, extra: Pick<GeoOptions, "owner" | "admit">): GeoService {
  return {
    locatesActivities: geo.locatesActivities,
    resolveDestination: (name, options) => geo.resolveDestination(name, options),
    locateActivity: (location, near, options) =>
      geo.locateActivity(location, near, { ...extra, ...options }),
  };
}

/**
 * The same service without activity lookups (as if GEOCODER_URL were unset): a new plan is saved
 * without waiting for the geocoder, whose lookups come after (trips/activity-placements.ts).
 */
export function withoutActivityLookups(geo: GeoService): GeoService {
  return {
    locatesActivities: false,
    resolveDestination: (name, options) => geo.resolveDestination(name, options),
    locateActivity: () => Promise.resolve(null),
  };
}
