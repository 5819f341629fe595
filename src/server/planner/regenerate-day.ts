import type { Day, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Logger } from "../lib/logger.ts";
import { safeErrorMessage } from "../lib/safe-error.ts";
import type { ItineraryGenerator } from "./itinerary-generator.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import { PlacesError, type Place, type PlacesService } from "../services/places/places-service.ts";
import { GenerationError } from "./generation-error.ts";
import { plannedInterests } from "./keyless-plan.ts";
import { createActivityLocator } from "./locate-activities.ts";
import { createPlaceMatcher, unmatchedDay } from "./match-places.ts";
import { offerCandidates, promptCandidates } from "./offer-candidates.ts";
import { checkDayPlaces } from "./place-checks.ts";
import { planFromPlaces } from "./real-places-planner.ts";

export type RegenerateServices = {
  ai: ItineraryGenerator;
  geo: GeoService;
  places?: PlacesService | undefined;
  logger?: Logger | undefined;
};

export type RegenerateInput = {
  request: TripRequest;
  itinerary: Itinerary;
  place: TripPlace | null;
  date: string;
  instruction?: string | undefined;
};

const textKey = (text: string) =>
  text.normalize("NFKD").replace(/\p{M}/gu, "").trim().replace(/\s+/g, " ").toLowerCase();

/** Whether a candidate is already visited by one of these days (same element, or same name). */
function usedBy(days: readonly Day[]) {
  const ids = new Set<string>();
  const names = new Set<string>();
  for (const a of days.flatMap((d) => d.activities)) {
    if (a.osmId) ids.add(a.osmId);
    names.add(textKey(a.location));
  }
  return (p: Place) => ids.has(p.osmId) || names.has(textKey(p.name));
}

/**
 * A keyless day from real places: none the other days visit, and preferably none of the day's own
 * (a fresh day), each open at its time. Null when OpenStreetMap has nothing that fits (the caller
 * then falls back to the catalogue).
 */
async function keylessDay(
  places: PlacesService,
  input: RegenerateInput & { place: TripPlace },
  signal: AbortSignal,
): Promise<Day | null> {
  const candidates = await places.candidates(input.place, plannedInterests(input.request), {
    signal,
  });
  const others = input.itinerary.days.filter((d) => d.date !== input.date);
  const own = input.itinerary.days.filter((d) => d.date === input.date);
  const takenElsewhere = usedBy(others);
  const takenHere = usedBy(own);
  const request = { ...input.request, startDate: input.date, endDate: input.date };
  for (const pool of [
    candidates.filter((p) => !takenElsewhere(p) && !takenHere(p)),
    candidates.filter((p) => !takenElsewhere(p)),
  ]) {
    const plan = planFromPlaces({ request, place: input.place, candidates: pool });
    const day = plan.itinerary.days[0];
    if (day && plan.verified > 0) return day;
  }
  return null;
}

/**
 * One day of a saved trip planned again, nothing saved:
 * - no model, places on, destination known: the day from real places (keylessDay);
 * - a model, places on: candidates offered in the prompt, the answer matched to OpenStreetMap as a
 *   generated trip's is (match-places.ts);
 * - otherwise, or when places cannot be had: the generator's day as before, with no osmId claim kept.
 * Every way, pins far from the destination are dropped and the geocoder's are used when set.
 */
export async function regenerateDay(
  services: RegenerateServices,
  input: RegenerateInput,
  signal: AbortSignal,
): Promise<Day> {
  const { ai, geo, logger } = services;
  const places = services.places?.enabled ? services.places : null;
  const { place } = input;
  const locator = createActivityLocator(geo, signal);
  const placeDay = (day: Day) => locator.locateDay(checkDayPlaces(day, place), place);

  if (ai.mode === "offline" && places && place) {
    try {
      const day = await keylessDay(places, { ...input, place }, signal);
      if (day) return day;
    } catch (error) {
      if (signal.aborted) throw new GenerationError("aborted", "aborted", { cause: error });
      logger?.warn(
        {
          reason: error instanceof PlacesError ? error.reason : "internal",
          err: safeErrorMessage(error),
        },
        "real places unavailable for a regenerated day",
      );
    }
  }

  const candidates =
    ai.mode === "online" && places && place
      ? offerCandidates({
          places,
          placeReady: Promise.resolve(place),
          request: input.request,
          signal,
        })
      : null;
  const offered = candidates ? promptCandidates(await candidates.inTime()) : undefined;
  const { day } = await ai.regenerateDay(
    {
      request: input.request,
      itinerary: input.itinerary,
      date: input.date,
      instruction: input.instruction,
      candidates: offered,
    },
    { signal },
  );
  const located = await placeDay(day);
  if (!candidates || !place) return unmatchedDay(located);
  const matcher = createPlaceMatcher({
    places: candidates.places,
    place,
    candidates: candidates.all,
    signal,
    logger,
  });
  return matcher.matchDay(located);
}
