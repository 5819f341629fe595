import type { Activity, Day, Grounding, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { Logger } from "../lib/logger.ts";
import { safeErrorMessage } from "../lib/safe-error.ts";
import { createConcurrencyLimit } from "../lib/concurrency-limit.ts";
import { normalizeName } from "../services/places/overpass-places.ts";
import { PlacesError, type Place, type PlacesService } from "../services/places/places-service.ts";
import { realPlacesUnreachable } from "#shared/service-failure.ts";
import { NOT_CHECKED, placesFailure, serviceFailed } from "./grounding-reasons.ts";

/** Lookups of one plan at a time: the service queues its requests too, this keeps the queue short. */
const MATCH_CONCURRENCY = 4;

/** What the candidates lookup came to: the places, or why there are none. */
export type CandidatesOutcome = { ok: true; places: Place[] } | { ok: false; error: PlacesError };

/** An activity with no OpenStreetMap match: its claim (if any) and the place's fields cleared. */
export const unmatched = (a: Activity): Activity =>
  a.osmId === null && a.openingHours === null && a.website === null
    ? a
    : { ...a, osmId: null, openingHours: null, website: null };

/** The activity at the place: its id, hours, website and its own coordinates (not a guess). */
const matchedTo = (a: Activity, place: Place): Activity => ({
  ...a,
  osmId: place.osmId,
  openingHours: place.openingHours,
  website: place.website,
  lat: place.lat,
  lng: place.lng,
});

/** A day whose activities are all unmatched: the path for plans that cannot be checked. */
export const unmatchedDay = (day: Day): Day => ({
  date: day.date,
  activities: day.activities.map(unmatched),
});

const nameKey = (text: string) => text.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * Matches a model's activities to OpenStreetMap places near the destination, for one planning task:
 * - by the activity's `osmId` when it is one of `candidates` (the places its prompt listed);
 * - otherwise by its location text near the destination, then by its activity text;
 * - no match: `osmId`, `openingHours` and `website` null (a made-up `osmId` is never kept).
 * Lookups of the same text are asked once. When the candidates could not be had (Overpass failing,
 * off) nothing is looked up: every activity is unmatched and `failure()` says why. A lookup failing
 * later stops the remaining ones the same way.
 */
export function createPlaceMatcher(input: {
  places: PlacesService;
  place: TripPlace;
  candidates: Promise<CandidatesOutcome>;
  signal: AbortSignal;
  logger?: Logger | undefined;
}) {
  const { places, place, signal, logger } = input;
  const limit = createConcurrencyLimit(MATCH_CONCURRENCY);
  const lookups = new Map<string, Promise<Place | null>>();
  let failure: PlacesError | null = null;

  const fail = (error: unknown): null => {
    if (signal.aborted) throw error;
    if (!(error instanceof PlacesError)) {
      // Not Overpass (a cache or a bug): this activity stays unmatched, the others are still tried.
      logger?.warn({ err: safeErrorMessage(error) }, "place lookup failed");
      return null;
    }
    if (!failure) {
      failure = error;
      logger?.warn(
        {
          reason: error.reason,
          status: error.status,
          err: safeErrorMessage(error.cause ?? error),
        },
        "place matching unavailable",
      );
    }
    return null;
  };

  const findByName = (text: string): Promise<Place | null> => {
    const key = nameKey(text);
    let found = lookups.get(key);
    if (!found) {
      found = limit(() => places.findByName(text, place, { signal }), signal).catch(fail);
      lookups.set(key, found);
    }
    return found;
  };

  /**
   * The activity's own text names a place only when it IS the name ("Musée d'Orsay"): a place whose
   * name merely contains it ("Dinner" → "Dinner in the Sky") is a false match, so only an exact one
   * counts.
   */
  async function byActivityName(a: Activity): Promise<Place | null> {
    const found = await findByName(a.activity);
    return found && normalizeName(found.name) === normalizeName(a.activity) ? found : null;
  }

  async function matchActivity(a: Activity, byId: Map<string, Place>): Promise<Activity> {
    const picked = a.osmId === null ? undefined : byId.get(a.osmId);
    if (picked) return matchedTo(a, picked);
    if (failure) return unmatched(a);
    const found = (await findByName(a.location)) ?? (failure ? null : await byActivityName(a));
    return found ? matchedTo(a, found) : unmatched(a);
  }

  return {
    async matchDay(day: Day): Promise<Day> {
      const outcome = await input.candidates;
      if (!outcome.ok) {
        failure ??= outcome.error;
        return unmatchedDay(day);
      }
      const byId = new Map(outcome.places.map((p) => [p.osmId, p]));
      return {
        date: day.date,
        activities: await Promise.all(day.activities.map((a) => matchActivity(a, byId))),
      };
    },
    /** Why places could not be had, once a lookup has failed (null while all is well). */
    failure: (): PlacesError | null => failure,
  };
}

/**
 * The grounding of a matched model plan: how many activities are OpenStreetMap places. Unavailable
 * (with the reason, naming the service that failed) when places could not be had and nothing matched.
 */
export function matchedGrounding(itinerary: Itinerary, failure: PlacesError | null): Grounding {
  const activities = itinerary.days.flatMap((d) => d.activities);
  const verified = activities.filter((a) => a.osmId !== null).length;
  const serviceFailure = failure ? placesFailure(failure) : null;
  if (serviceFailure && verified === 0) return serviceFailed(serviceFailure, NOT_CHECKED);
  const unchecked = serviceFailure !== null && verified < activities.length;
  return {
    status: verified === activities.length ? "verified" : "partial",
    verified,
    total: activities.length,
    reason: unchecked
      ? realPlacesUnreachable(serviceFailure, "so the rest could not be checked.")
      : null,
    ...(unchecked ? { serviceFailure } : {}),
  };
}
