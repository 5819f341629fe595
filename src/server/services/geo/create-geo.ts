import { APP_VERSION } from "../../lib/app-version.ts";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import type { Db } from "../../db/database.ts";
import type { Env } from "../../env.ts";
import type { Logger } from "../../lib/logger.ts";
import { safeErrorMessage } from "../../lib/safe-error.ts";
import { createGeocodeCache, type GeocodeKind } from "./geocode-cache.ts";
import { GeocoderError } from "./fetch-geo-json.ts";
import type { DestinationLookup, GeoService, LatLng } from "./geo-service.ts";
import { createIntervalQueue } from "./interval-queue.ts";
import { activityQuery, searchNominatim } from "./nominatim.ts";
import { destinationQuery, searchOpenMeteo } from "./open-meteo-geocoding.ts";

/** Nominatim's usage policy: an absolute maximum of one request a second. */
export const GEOCODER_MIN_INTERVAL_MS = 1000;

/** Nominatim asks for a User-Agent that names the application and a way to reach its operator. */
export const geocoderUserAgent = (contactEmail: string) =>
  `Boundless/${APP_VERSION} (+mailto:${contactEmail})`;

export type GeoServiceOptions = {
  db: Db;
  logger: Logger;
  /** Open-Meteo's geocoding API (destinations). */
  geocodingUrl: string;
  /** A Nominatim-compatible API (activities); undefined: no activity lookups. */
  geocoderUrl: string | undefined;
  contactEmail: string;
  timeoutMs: number;
  /** The least time between two geocoder requests of this instance; tests shorten it. */
  minIntervalMs?: number;
  now?: () => number;
};

/** The geo service over the database cache; see GeoService for what each lookup promises. */
export function createGeoService(options: GeoServiceOptions): GeoService {
  const { logger, timeoutMs } = options;
  const cache = createGeocodeCache(options.db, options.now);
  const queue = createIntervalQueue(options.minIntervalMs ?? GEOCODER_MIN_INTERVAL_MS, options.now);
  const userAgent = geocoderUserAgent(options.contactEmail);
  // Two trips (or two activities) asking the same thing at once share one request.
  const pending = new Map<string, Promise<unknown>>();

  async function lookUp<T extends object>(
    kind: GeocodeKind,
    query: string,
    ask: () => Promise<T | null>,
    admit?: () => Promise<boolean>,
  ): Promise<T | null> {
    const cached = await cache.get(kind, query).catch((error: unknown) => {
      logger.warn({ kind, err: safeErrorMessage(error) }, "geocode cache read failed");
      return undefined;
    });
    if (cached) return cached.result as T | null;
    const key = `${kind}\n${query}`;
    const inFlight = pending.get(key) as Promise<T | null> | undefined;
    if (inFlight) return inFlight;
    if (admit && !(await admit())) return null;
    // Another caller may have started the same request while this one was admitted.
    const started = pending.get(key) as Promise<T | null> | undefined;
    if (started) return started;
    const request = (async () => {
      const result = await ask();
      await cache.put(kind, query, result as never).catch((error: unknown) => {
        logger.warn({ kind, err: safeErrorMessage(error) }, "geocode cache write failed");
      });
      return result;
    })();
    pending.set(key, request);
    try {
      return await request;
    } finally {
      pending.delete(key);
    }
  }

  /** Outside failures are logged (provider and status, never the place text). */
  const failed = (what: string, signal: AbortSignal) => (error: unknown) => {
    if (!signal.aborted)
      logger.warn(
        {
          provider: error instanceof GeocoderError ? error.provider : undefined,
          status: error instanceof GeocoderError ? error.status : undefined,
          failure: error instanceof GeocoderError ? error.failure : undefined,
          err: safeErrorMessage(error instanceof GeocoderError ? (error.cause ?? error) : error),
        },
        what,
      );
    return null;
  };

  const geocoderUrl = options.geocoderUrl;
  return {
    locatesActivities: geocoderUrl !== undefined,
    async resolveDestination(name, { signal }): Promise<DestinationLookup> {
      const query = destinationQuery(name);
      if (query.length < 2) return { kind: "not_found" };
      let place: TripPlace | null;
      try {
        place = await lookUp<TripPlace>("destination", query, () =>
          searchOpenMeteo(options.geocodingUrl, query, { timeoutMs, signal }),
        );
      } catch (error) {
        failed("destination lookup failed", signal)(error);
        // A geocoder that did not answer is not a place that does not exist: the trip says which.
        return {
          kind: "unavailable",
          reason: error instanceof GeocoderError ? error.failure : "unreachable",
        };
      }
      if (place) return { kind: "found", place };
      // The visitor's own text is not logged; the trip page says the destination was not found.
      if (!signal.aborted) logger.info({ kind: "destination" }, "destination not found");
      return { kind: "not_found" };
    },
    async locateActivity(
      location,
      near: TripPlace,
      { signal, owner, admit },
    ): Promise<LatLng | null> {
      if (!geocoderUrl || location.trim() === "") return null;
      return lookUp<LatLng>(
        "activity",
        activityQuery(location, near),
        () =>
          queue(
            () =>
              searchNominatim(geocoderUrl, location.trim(), near, {
                timeoutMs,
                signal,
                userAgent,
              }),
            signal,
            owner,
          ),
        admit,
      ).catch(failed("activity lookup failed", signal));
    },
  };
}

/** The geo service from settings. */
export function createGeo(env: Env, db: Db, logger: Logger): GeoService {
  return createGeoService({
    db,
    logger,
    geocodingUrl: env.OPEN_METEO_GEOCODING_URL,
    geocoderUrl: env.GEOCODER_URL,
    contactEmail: env.CONTACT_EMAIL,
    timeoutMs: env.PLACES_TIMEOUT_MS,
  });
}
