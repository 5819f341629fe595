import type { TripPlace } from "#shared/schemas/itinerary.ts";

export type LatLng = { lat: number; lng: number };

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
 * Neither ever throws for an outside failure: null means "not located", and the trip is saved anyway.
 */
export type GeoService = {
  /** True when activity lookups are on (GEOCODER_URL set); otherwise the model's coordinates stay. */
  readonly locatesActivities: boolean;
  /** The destination's place, or null when nothing matches or the service failed (logged). */
  resolveDestination(name: string, options: GeoOptions): Promise<TripPlace | null>;
  /** An activity's location searched within the destination's area; null when not found or off. */
  locateActivity(location: string, near: TripPlace, options: GeoOptions): Promise<LatLng | null>;
};

/** A geo service that locates nothing: for planning without the network (the eval's offline runs). */
export const NO_GEO: GeoService = {
  locatesActivities: false,
  resolveDestination: () => Promise.resolve(null),
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
