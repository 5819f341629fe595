import { randomUUID } from "node:crypto";
import { openAtIn } from "#shared/opening-hours.ts";
import { checkItineraryRealism, samePlace } from "#shared/realism.ts";
import { isWarning } from "#shared/route-checks.ts";
import type { Activity, Day, Grounding, Itinerary } from "#shared/schemas/itinerary.ts";
import type { TripRequest } from "#shared/schemas/trip-request.ts";
import type { StopRequest, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { tripDates } from "#shared/trip-dates.ts";
import { stopDateRanges, stopIndexesOn } from "#shared/trip-stop-days.ts";
import { placeOf, type DestinationLookup } from "../services/geo/geo-service.ts";
import type { ModelUsage } from "../services/llm/usage.ts";
import { insideWindow, type DayWindows } from "./day-windows.ts";
import { bookedWindows, stopWindows } from "./journey-windows.ts";
import { routeTransfers } from "../routing/transfer-journeys.ts";
import type { GenerateOptions } from "./itinerary-generator.ts";
import type { PlanningServices, PlanTripResult } from "./planning-types.ts";

/*
 * A trip with several stops: every city planned from its own real places (keyless or model alike,
 * each with its own candidates and its own matching), then joined. A transfer day has the first
 * city's morning, the journey, and the next city from arrival on (transfer-day.ts).
 */

type PlanOne = (
  services: PlanningServices,
  request: TripRequest,
  options: GenerateOptions,
  lookup?: Promise<DestinationLookup>,
) => Promise<PlanTripResult>;

type StopDates = { destination: string; startDate: string; endDate: string };

const addUsage = (a: ModelUsage, b: ModelUsage): ModelUsage => ({
  calls: a.calls + b.calls,
  promptTokens: a.promptTokens + b.promptTokens,
  completionTokens: a.completionTokens + b.completionTokens,
});

/** The stops of a request with their dates (Paris 28–30 Dec, Lyon 30 Dec – 1 Jan). */
export function stopsOfRequest(request: {
  startDate: string;
  stops: readonly StopRequest[];
}): StopDates[] {
  const ranges = stopDateRanges(
    request.startDate,
    request.stops.map((s) => s.nights),
  );
  return request.stops.map((stop, i) => ({
    destination: stop.destination,
    startDate: ranges[i]?.startDate ?? request.startDate,
    endDate: ranges[i]?.endDate ?? request.startDate,
  }));
}

/** One grounding for the whole trip: counted over the joined plan, the first reason kept. */
function joinedGrounding(parts: readonly Grounding[], itinerary: Itinerary): Grounding {
  if (parts.every((g) => g.status === "off")) return parts[0]!;
  if (parts.every((g) => g.status === "unavailable")) return parts[0]!;
  const activities = itinerary.days.flatMap((d) => d.activities);
  const verified = activities.filter((a) => a.osmId !== null).length;
  const reasoned = parts.find((g) => g.reason !== null);
  return {
    status: verified === activities.length && !reasoned ? "verified" : "partial",
    verified,
    total: activities.length,
    reason: reasoned?.reason ?? null,
    ...(reasoned?.serviceFailure ? { serviceFailure: reasoned.serviceFailure } : {}),
  };
}

/**
 * The trip's days from each stop's plan: a day's activities are its stops' in order, each inside its
 * stop's part of the day and tagged with its `stopIndex`; a place another stop already visits is left
 * out (one place, once a trip).
 */
export function joinStopPlans(
  dates: readonly string[],
  stops: readonly TripStop[],
  plans: readonly Itinerary[],
  windows: readonly DayWindows[],
): Itinerary {
  const visited: Activity[][] = stops.map(() => []);
  const days: Day[] = dates.map((date) => {
    const indexes = stopIndexesOn(stops, date);
    const activities = indexes.flatMap((stopIndex) => {
      const day = plans[stopIndex]?.days.find((d) => d.date === date);
      const others = visited.filter((_, i) => i !== stopIndex).flat();
      const kept = (day?.activities ?? [])
        .filter((a) => insideWindow(a, windows[stopIndex]?.[date]))
        .filter((a) => !others.some((b) => samePlace(a, b)))
        .map((a) => ({ ...a, stopIndex }));
      visited[stopIndex]?.push(...kept);
      return kept;
    });
    return { date, stops: indexes, activities };
  });
  return { days };
}

/**
 * Plans a trip of several stops. Every stop's destination is looked up first, all at once (the
 * transfer days need both ends' places); then every stop is planned at once, with its own lookup.
 * Day events are sent once the whole plan is joined; the places lookups' progress as it happens.
 * `bookedTransport`: the trip's booked journeys, which shape each stop's part of the days.
 */
export async function planStops(
  services: PlanningServices,
  request: TripRequest & { stops: readonly StopRequest[] },
  options: GenerateOptions,
  planOne: PlanOne,
  bookedTransport?: readonly Transport[],
): Promise<PlanTripResult> {
  const { signal } = options;
  const dated = stopsOfRequest(request);
  const lookups = dated.map((stop) =>
    services.geo
      .resolveDestination(stop.destination, { signal })
      .catch((): DestinationLookup => ({ kind: "unavailable", reason: "unreachable" })),
  );
  const places = await Promise.all(lookups.map((l) => l.then(placeOf)));
  const placed: TripStop[] = dated.map((stop, i) => ({
    id: randomUUID(),
    ...stop,
    place: places[i] ?? null,
  }));
  // The journeys between the cities from the routers: the next city's afternoon starts at arrival.
  const stops = services.routing ? await routeTransfers(services.routing, placed, signal) : placed;
  const windows = bookedTransport ? bookedWindows(stops, bookedTransport) : stopWindows(stops);
  const passOn: GenerateOptions["onEvent"] = (event) => {
    if (event.type === "places") options.onEvent?.(event);
  };
  const plans = await Promise.all(
    stops.map((stop, i) =>
      planOne(
        services,
        {
          ...request,
          destination: stop.destination,
          startDate: stop.startDate,
          endDate: stop.endDate,
          stops: undefined,
        },
        { ...options, onEvent: passOn, windows: windows[i] },
        lookups[i],
      ),
    ),
  );
  const dates = tripDates(request.startDate, request.endDate);
  const itinerary = joinStopPlans(
    dates,
    stops,
    plans.map((p) => p.itinerary),
    windows,
  );
  options.onEvent?.({
    type: "outline",
    days: itinerary.days.map((day) => ({
      date: day.date,
      theme: day.stops?.map((i) => stops[i]?.destination).join(" → ") ?? request.destination,
    })),
  });
  itinerary.days.forEach((day, index) => options.onEvent?.({ type: "day", index, day }));
  const openAts = stops.map((s) => (s.place ? openAtIn(s.place) : undefined));
  const warnings = checkItineraryRealism(itinerary, {
    budget: request.budget,
    openAtStop: (i) => openAts[i],
    route: { stops, transport: bookedTransport },
  }).filter(isWarning);
  return {
    itinerary,
    place: stops[0]?.place ?? null,
    usage: plans.map((p) => p.usage).reduce(addUsage),
    warnings,
    grounding: joinedGrounding(
      plans.map((p) => p.grounding),
      itinerary,
    ),
    stops,
  };
}
