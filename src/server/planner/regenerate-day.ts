import type { Day, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Logger } from "../lib/logger.ts";
import type { ItineraryGenerator } from "./itinerary-generator.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import type { PlacesService } from "../services/places/places-service.ts";
import { createActivityLocator } from "./locate-activities.ts";
import { createPlaceMatcher, unmatchedDay } from "./match-places.ts";
import { offerCandidates, promptCandidates } from "./offer-candidates.ts";
import { checkDayPlaces } from "./place-checks.ts";

type RegenerateServices = {
  ai: ItineraryGenerator;
  geo: GeoService;
  places?: PlacesService | undefined;
  logger?: Logger | undefined;
};

type RegenerateInput = {
  request: TripRequest;
  itinerary: Itinerary;
  place: TripPlace | null;
  date: string;
  instruction?: string | undefined;
};

/**
 * One day of a saved trip planned again, nothing saved:
 * - no model, places on, destination known: the day from real places (the keyless planner's);
 * - a model, places on: candidates offered in the prompt, the answer matched to OpenStreetMap as a
 *   generated trip's is (match-places.ts);
 * - otherwise, or when places cannot be had: the generator's day as before, with no osmId claim kept.
 * Every way, pins far from the destination are dropped and the geocoder's are used when set.
 */
export async function regenerateDay(
  services: RegenerateServices,
  input: RegenerateInput,
  signal: AbortSignal,
): Promise<{ day: Day; note: string | null }> {
  const { ai, geo, logger } = services;
  const places = services.places?.enabled ? services.places : null;
  const { place } = input;
  const locator = createActivityLocator(geo, signal);
  const placeDay = (day: Day) => locator.locateDay(checkDayPlaces(day, place), place);

  let candidates: ReturnType<typeof offerCandidates> | null = null;
  const askCandidates =
    places && place
      ? async () => {
          candidates ??= offerCandidates({
            places,
            placeReady: Promise.resolve(place),
            request: input.request,
            signal,
          });
          return promptCandidates(await candidates.inTime());
        }
      : undefined;
  const regenerated = await ai.regenerateDay(
    {
      request: input.request,
      itinerary: input.itinerary,
      date: input.date,
      instruction: input.instruction,
      candidates: askCandidates,
      place,
      nearby: { places, logger },
    },
    { signal },
  );
  const note = regenerated.note ?? null;
  if (regenerated.fromRealPlaces) return { day: regenerated.day, note };
  const located = await placeDay(regenerated.day);
  // Assigned inside the planner's call, which TypeScript cannot see.
  const offer = candidates as ReturnType<typeof offerCandidates> | null;
  if (!offer || !place) return { day: unmatchedDay(located), note };
  const matcher = createPlaceMatcher({
    places: offer.places,
    place,
    candidates: offer.all,
    signal,
    logger,
  });
  return { day: await matcher.matchDay(located), note };
}
