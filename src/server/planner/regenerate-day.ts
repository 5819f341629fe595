import type { Day, Itinerary, TripPlace } from "#shared/schemas/itinerary.ts";
import type { PlanningIdeas } from "./planning-ideas.ts";
import type { Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { MINUTES_PER_DAY, minutesOf, transferOn } from "#shared/transfer-day.ts";
import { stopIndexesOn } from "#shared/trip-stop-days.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Logger } from "../lib/logger.ts";
import type { ItineraryGenerator } from "./itinerary-generator.ts";
import type { GeoService } from "../services/geo/geo-service.ts";
import type { PlacesService } from "../services/places/places-service.ts";
import { createActivityLocator } from "./locate-activities.ts";
import { createPlaceMatcher, unmatchedDay } from "./match-places.ts";
import { offerCandidates, promptCandidates } from "./offer-candidates.ts";
import { checkDayPlaces } from "./place-checks.ts";
import { insideWindow, type DayWindow, type DayWindows } from "./day-windows.ts";

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
  /** A transfer day: the part of it this city has. */
  windows?: DayWindows | undefined;
  /** The trip's ideas (planning-ideas.ts): up-voted ones preferred, dismissed ones never planned. */
  ideas?: PlanningIdeas | undefined;
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
      windows: input.windows,
      ideas: input.ideas,
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

/** One stop's part of a day planned again: the trip's request narrowed to the stop and its window. */
function regenerateForStop(
  services: RegenerateServices,
  input: RegenerateInput,
  stop: TripStop,
  window: DayWindow | undefined,
  signal: AbortSignal,
) {
  const request = {
    ...input.request,
    destination: stop.destination,
    startDate: stop.startDate,
    endDate: stop.endDate,
  };
  const windows = window ? { [input.date]: window } : undefined;
  return regenerateDay(services, { ...input, request, place: stop.place, windows }, signal);
}

/**
 * One day of a trip with several stops planned again, keeping to that day's stops: a Lyon day from
 * Lyon's places, a transfer day from both cities in order, each inside its part of the day (the
 * saved transport's times, else the journey by distance). A trip of one stop is planned as before.
 */
export async function regenerateStopsDay(
  services: RegenerateServices,
  input: RegenerateInput & {
    stops: readonly TripStop[];
    transport: readonly Transport[];
  },
  signal: AbortSignal,
): Promise<{ day: Day; note: string | null }> {
  const { stops, date } = input;
  if (stops.length <= 1) return regenerateDay(services, input, signal);
  const current = input.itinerary.days.find((d) => d.date === date);
  const indexes = current?.stops ?? stopIndexesOn(stops, date);
  const transfer = transferOn(date, stops, input.transport);
  const windowOf = (stopIndex: number): DayWindow | undefined => {
    if (!transfer) return undefined;
    if (stopIndex === transfer.from) return { until: transfer.departure };
    if (stopIndex === transfer.to) return { from: Math.min(transfer.arrival, MINUTES_PER_DAY) };
    return undefined;
  };
  const parts = [];
  for (const stopIndex of indexes) {
    const stop = stops[stopIndex];
    if (!stop) continue;
    const window = windowOf(stopIndex);
    const part = await regenerateForStop(services, input, stop, window, signal);
    const activities = part.day.activities.map((a) => ({ ...a, stopIndex }));
    parts.push({
      note: part.note,
      all: activities,
      inside: activities.filter((a) => insideWindow(a, window)),
    });
  }
  const inside = parts.flatMap((p) => p.inside);
  // A plan with nothing inside the windows (a planner that ignored them) keeps its first city's day.
  const activities = inside.length > 0 ? inside : (parts[0]?.all ?? []);
  return {
    day: { date, stops: indexes, activities },
    note: parts.find((p) => p.note)?.note ?? null,
  };
}

/**
 * The rest of a transfer day after its booked journey arrives ("Plan the afternoon in Lyon"): the
 * arrival city's part planned again from the arrival on, everything before it (the morning in the
 * city left, bookings) kept as it is. Nothing saved: a proposal, like a regenerated day.
 */
export async function planAfterArrival(
  services: RegenerateServices,
  input: RegenerateInput & {
    stops: readonly TripStop[];
    transport: readonly Transport[];
  },
  signal: AbortSignal,
): Promise<{ day: Day; note: string | null }> {
  const { stops, date } = input;
  const current = input.itinerary.days.find((d) => d.date === date);
  const transfer = transferOn(date, stops, input.transport);
  const stop = transfer ? stops[transfer.to] : undefined;
  if (!current || !transfer?.transport || !stop || transfer.arrival >= MINUTES_PER_DAY)
    throw new Error("the route checks for a booked journey arriving that day");
  const window: DayWindow = { from: transfer.arrival };
  const part = await regenerateForStop(services, input, stop, window, signal);
  const kept = current.activities.filter(
    (a) =>
      a.booked ||
      minutesOf(a.time) < transfer.arrival ||
      (a.stopIndex ?? transfer.to) !== transfer.to,
  );
  const planned = part.day.activities
    .filter((a) => insideWindow(a, window))
    .map((a) => ({ ...a, stopIndex: transfer.to }));
  const activities = [...kept, ...planned].toSorted((a, b) =>
    a.time < b.time ? -1 : a.time > b.time ? 1 : 0,
  );
  return {
    day: { ...current, stops: current.stops ?? stopIndexesOn(stops, date), activities },
    note: part.note,
  };
}
