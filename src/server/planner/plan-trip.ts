import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { openAtIn } from "#shared/opening-hours.ts";
import { checkItineraryRealism } from "#shared/realism.ts";
import type { RealismWarning } from "#shared/realism-warning.ts";
import {
  GROUNDING_OFF,
  type Day,
  type Grounding,
  type Itinerary,
  type TripPlace,
} from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { tripDates } from "#shared/trip-dates.ts";
import type { PlanningServices, PlanTripResult } from "./planning-types.ts";
import { safeErrorMessage } from "../lib/safe-error.ts";
import type { GenerateOptions, GenerationEvent } from "./itinerary-generator.ts";
import { itineraryProblems } from "./validate-itinerary.ts";
import { placeOf, type DestinationLookup, type GeoService } from "../services/geo/geo-service.ts";
import type { PromptPlace } from "./prompts.ts";
import type { ModelUsage } from "../services/llm/usage.ts";
import { GenerationError } from "./generation-error.ts";
import { ModelError } from "../services/llm/model-error.ts";
import { createActivityLocator } from "./locate-activities.ts";
import { createPlaceMatcher, matchedGrounding, unmatchedDay } from "./match-places.ts";
import { NOT_CHECKED, unresolvedGrounding, withDestinationFailure } from "./grounding-reasons.ts";
import { offerCandidates, promptCandidates } from "./offer-candidates.ts";
import { checkDayPlaces } from "./place-checks.ts";
import { planStops } from "./plan-stops.ts";
import { fitAroundBookings } from "./fit-around-bookings.ts";
import { bookedWindows } from "./journey-windows.ts";
import { planWholeTrip } from "./plan-whole-trip.ts";
import { requestStops } from "./request-stops.ts";

/**
 * What the traveller booked, for "Plan the rest" (issue 35): the trip's stops with their places,
 * its journeys (zones settled) and its dates holding only the booked activities (bookedItinerary).
 */
export type PlanBookings = {
  stops: readonly TripStop[];
  transport: readonly Transport[];
  itinerary: Itinerary;
  /** The booked stays: their stops get no planned stay. */
  stays?: readonly Stay[];
};

const addUsage = (a: ModelUsage, b: ModelUsage): ModelUsage => ({
  calls: a.calls + b.calls,
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
});

/** The warnings of each day, in date order, in the words the traveller would see. */
function problemsByDay(warnings: readonly RealismWarning[]) {
  const byDate = new Map<string, string[]>();
  for (const w of warnings) byDate.set(w.date, [...(byDate.get(w.date) ?? []), w.message]);
  return [...byDate]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, problems]) => ({ date, problems }));
}

/**
 * A trip planned end to end, nothing saved:
 * 1. the destination is resolved (name, country, coordinates, time zone); with a model and places on,
 *    real candidates near it are fetched and offered in the prompt, waited for at most
 *    CANDIDATES_WAIT_MS (then the model plans without them); with places off the model starts at once
 *    and the destination resolves while it writes;
 * 2. every activity's coordinates are checked: out of range, or further than 60 km from the
 *    destination, they become null (without a resolved destination only the range is checked);
 * 3. with a geocoder (GEOCODER_URL) each location is looked up near the destination and a hit
 *    replaces the model's guess; a miss keeps the (checked) guess;
 * 4. with places on, every activity is matched to an OpenStreetMap place (match-places.ts): a match
 *    brings its osmId, hours, website and own coordinates; a miss is kept, unverified;
 * 5. the realism checks run (with the opening hours of matched places when the destination is known);
 *    when they warn, ONE repair call sends the days with warnings and their messages back to the
 *    model, the corrected days go through 2–4 again, and whatever warnings remain are returned with
 *    the plan. A failed repair, or one that leaves more warnings, keeps the original.
 * Day events reach `options.onEvent` with coordinates checked against the destination when it is
 * already known, and without coordinates when it is not yet (never a wrong pin, never a wait), and
 * never with an unconfirmed osmId.
 * With `booked` the plan fills the free time around the bookings: the journeys shape each stop's
 * part of the days, and whatever still lands on a booking or a journey is moved or left out
 * (fit-around-bookings.ts); the days are sent again, bookings in, once fitted.
 */
export async function planTrip(
  services: PlanningServices,
  request: TripRequest,
  options: GenerateOptions,
  booked?: PlanBookings,
): Promise<PlanTripResult> {
  // The keyless planner sends its days all at once when done: they wait, and go once, whole (meals
  // and journeys in). A model's days stream as written; those the whole trip changes go again.
  const onEvent = options.onEvent;
  const sent = new Map<number, Day>();
  const visitsOptions: GenerateOptions = onEvent
    ? {
        ...options,
        onEvent: (event) => {
          if (event.type !== "day") return onEvent(event);
          if (services.ai.mode === "offline") return undefined;
          sent.set(event.index, event.day);
          return onEvent(event);
        },
      }
    : options;
  const plan = await planVisits(services, request, visitsOptions, booked);
  return withWholeTrip(services, request, options, plan, booked, sent);
}

/**
 * The whole trip around the planned visits (issue 47): the journeys out and home, a stay at every
 * stop, three meals a day, the party's budget (plan-whole-trip.ts). The days are sent again.
 */
async function withWholeTrip(
  services: PlanningServices,
  request: TripRequest,
  options: GenerateOptions,
  plan: PlanTripResult,
  booked: PlanBookings | undefined,
  sent: ReadonlyMap<number, Day>,
): Promise<PlanTripResult> {
  const stops = plan.stops ?? (booked ? [...booked.stops] : requestStops(request, [plan.place]));
  const whole = await planWholeTrip(
    services,
    request,
    { itinerary: plan.itinerary, stops, grounding: plan.grounding },
    booked && { transport: booked.transport, stays: booked.stays ?? [] },
    options.signal,
    services.sources,
  );
  whole.itinerary.days.forEach((day, index) => {
    if (!isDeepStrictEqual(sent.get(index), day)) options.onEvent?.({ type: "day", index, day });
  });
  const kept = new Set(whole.itinerary.days.flatMap((d) => d.activities.map((a) => a.id)));
  return {
    ...plan,
    itinerary: whole.itinerary,
    grounding: regrounded(plan.grounding, whole.itinerary),
    stops: whole.stops,
    warnings: plan.warnings.filter((w) => kept.has(w.activityId)),
    stays: whole.stays,
    transport: whole.transport,
    wholeTrip: { cost: whole.cost, covered: whole.covered, repeats: whole.repeats },
  };
}

/**
 * The grounding counted again over the whole trip's days: its meals are OpenStreetMap places too,
 * and visits left out for a journey or the budget no longer count. Booked activities never do.
 */
function regrounded(grounding: Grounding, itinerary: Itinerary): Grounding {
  if (grounding.status !== "verified" && grounding.status !== "partial") return grounding;
  const planned = itinerary.days.flatMap((d) => d.activities).filter((a) => !a.booked);
  const verified = planned.filter((a) => a.osmId !== null).length;
  return {
    ...grounding,
    status: verified === planned.length && grounding.reason === null ? "verified" : "partial",
    verified,
    total: planned.length,
  };
}

async function planVisits(
  services: PlanningServices,
  request: TripRequest,
  options: GenerateOptions,
  booked?: PlanBookings,
): Promise<PlanTripResult> {
  if (!booked) return planUnbooked(services, request, options);
  const windows = bookedWindows(booked.stops, booked.transport);
  const plan =
    request.stops && request.stops.length > 1
      ? await planStops(
          services,
          { ...request, stops: request.stops },
          options,
          planOneStop,
          booked.transport,
        )
      : await planUnbooked(services, request, { ...options, windows: windows[0] });
  const stops = plan.stops ?? booked.stops.map((stop) => ({ ...stop, place: plan.place }));
  const openAts = stops.map((s) => (s.place ? openAtIn(s.place) : undefined));
  const itinerary = fitAroundBookings(plan.itinerary, booked.itinerary, {
    stops,
    transport: booked.transport,
    openAtStop: (i) => openAts[i],
  });
  // The days as saved, bookings in, replace the ones already sent.
  itinerary.days.forEach((day, index) => options.onEvent?.({ type: "day", index, day }));
  const kept = new Set(itinerary.days.flatMap((d) => d.activities.map((a) => a.id)));
  return {
    ...plan,
    itinerary,
    warnings: plan.warnings.filter((w) => kept.has(w.activityId)),
  };
}

async function planUnbooked(
  services: PlanningServices,
  request: TripRequest,
  options: GenerateOptions,
): Promise<PlanTripResult> {
  // Several cities: each planned from its own places, then joined around the transfer days.
  if (request.stops && request.stops.length > 1)
    return planStops(services, { ...request, stops: request.stops }, options, planOneStop);
  const only = request.stops?.[0];
  if (!only) return planOneStop(services, request, options);
  // One city asked for as a list of stops: planned for that city (the trip's own name may be
  // another), its days and activities in stop 0.
  const plan = await planOneStop(services, { ...request, destination: only.destination }, options);
  const days = plan.itinerary.days.map((day) => ({
    ...day,
    stops: [0],
    activities: day.activities.map((a) => ({ ...a, stopIndex: 0 })),
  }));
  const stops: TripStop[] = [
    {
      id: randomUUID(),
      destination: only.destination,
      startDate: request.startDate,
      endDate: request.endDate,
      place: plan.place,
    },
  ];
  return { ...plan, itinerary: { days }, stops };
}

/** The lookup of the destination, as the planner waits for it (a failure is "unreachable"). */
export const lookUpDestination = (
  geo: GeoService,
  name: string,
  signal: AbortSignal,
): Promise<DestinationLookup> =>
  geo
    .resolveDestination(name, { signal })
    .catch((): DestinationLookup => ({ kind: "unavailable", reason: "unreachable" }));

/**
 * One city planned (see planTrip). `lookup`: its destination already being resolved (a stop of a
 * longer trip); `options.windows`: the part of a transfer day it has.
 */
export async function planOneStop(
  services: PlanningServices,
  request: TripRequest,
  options: GenerateOptions,
  resolving?: Promise<DestinationLookup>,
): Promise<PlanTripResult> {
  const { ai, geo, logger } = services;
  const { signal } = options;
  let resolved: { place: TripPlace | null } | null = null;
  const lookupReady: Promise<DestinationLookup> =
    resolving ?? lookUpDestination(geo, request.destination, signal);
  const placeReady = lookupReady.then((lookup) => {
    const place = placeOf(lookup);
    resolved = { place };
    return place;
  });
  const locator = createActivityLocator(geo, signal);
  const openAtOf = (place: TripPlace | null) => (place ? openAtIn(place) : undefined);

  // Real places are asked for by the planner that uses them: offered to a model in its prompt (in
  // time), looked up near the destination by the keyless planner itself.
  const places = services.places?.enabled ? services.places : null;
  let candidates: ReturnType<typeof offerCandidates> | null = null;
  let offered: readonly PromptPlace[] | undefined;
  const askCandidates = places
    ? async () => {
        candidates ??= offerCandidates({
          places,
          placeReady,
          request,
          signal,
          onEvent: options.onEvent,
        });
        offered = promptCandidates(await candidates.inTime());
        return offered;
      }
    : undefined;

  const onEvent = (event: GenerationEvent) => {
    if (event.type !== "day") return options.onEvent?.(event);
    if (event.placed) {
      const { placed: _placed, ...placedEvent } = event;
      return options.onEvent?.(placedEvent);
    }
    if (resolved) locator.prefetch(checkDayPlaces(event.day, resolved.place), resolved.place);
    else void placeReady.then((place) => locator.prefetch(checkDayPlaces(event.day, place), place));
    const preview = resolved
      ? checkDayPlaces(event.day, resolved.place)
      : {
          date: event.day.date,
          activities: event.day.activities.map((a) => ({ ...a, lat: null, lng: null })),
        };
    options.onEvent?.({ ...event, day: unmatchedDay(preview) });
  };

  const generated = await ai.generate(request, {
    signal,
    onEvent,
    candidates: askCandidates,
    // placeReady is set by then: it was chained on the lookup first.
    nearby: { place: lookupReady, places, logger },
  });
  const lookup = await lookupReady;
  const grounding = withDestinationFailure(generated.grounding ?? GROUNDING_OFF, lookup);
  if (generated.fromRealPlaces) {
    const place = await placeReady;
    const { itinerary, usage } = generated;
    const warnings = checkItineraryRealism(itinerary, {
      budget: request.budget,
      openAt: openAtOf(place),
    });
    return { itinerary, place, usage, warnings, grounding };
  }
  const place = await placeReady;
  // Assigned inside the planner's call, which TypeScript cannot see.
  const offer = candidates as ReturnType<typeof offerCandidates> | null;
  const matcher =
    offer && place
      ? createPlaceMatcher({
          places: offer.places,
          place,
          candidates: offer.all,
          signal,
          logger,
        })
      : null;
  const placeDay = async (day: Day) => {
    const located = await locator.locateDay(checkDayPlaces(day, place), place);
    // Without a matcher nothing confirms a model's osmId claim: it is cleared, never trusted.
    return matcher ? matcher.matchDay(located) : unmatchedDay(located);
  };
  const groundingOf = (plan: Itinerary): Grounding => {
    if (!offer) return grounding;
    if (!matcher) return unresolvedGrounding(lookup, NOT_CHECKED);
    return matchedGrounding(plan, matcher.failure());
  };
  let itinerary: Itinerary = { days: await Promise.all(generated.itinerary.days.map(placeDay)) };
  let usage = generated.usage;
  const openAt = openAtOf(place);
  const check = (plan: Itinerary) =>
    checkItineraryRealism(plan, { budget: request.budget, openAt });
  let warnings = check(itinerary);
  if (warnings.length === 0 || signal.aborted)
    return { itinerary, place, usage, warnings, grounding: groundingOf(itinerary) };

  try {
    const repair = await ai.repairDays(
      { request, itinerary, days: problemsByDay(warnings), candidates: offered },
      { signal },
    );
    usage = addUsage(usage, repair.usage);
    const fixed = new Map<string, Day>();
    for (const day of repair.days) fixed.set(day.date, await placeDay(day));
    const repaired = {
      days: itinerary.days.map((day) => fixed.get(day.date) ?? day),
    };
    const dates = tripDates(request.startDate, request.endDate);
    const problems = itineraryProblems(repaired, dates);
    const remaining = check(repaired);
    if (problems.length === 0 && remaining.length <= warnings.length) {
      itinerary = repaired;
      warnings = remaining;
    } else {
      logger?.info(
        { before: warnings.length, after: remaining.length, problems: problems.length },
        "realism repair not taken",
      );
    }
  } catch (error) {
    if (signal.aborted) throw new GenerationError("aborted", "aborted", { cause: error });
    // The plan is still a plan: it is saved with its warnings shown.
    logger?.warn(
      {
        code: error instanceof ModelError ? error.code : "internal",
        err: safeErrorMessage(error),
      },
      "realism repair failed",
    );
  }
  return { itinerary, place, usage, warnings, grounding: groundingOf(itinerary) };
}
