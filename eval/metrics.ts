import { dayTravelMinutes } from "#shared/travel-leg.ts";
import { openAtIn } from "#shared/opening-hours.ts";
import { checkItineraryRealism, samePlace } from "#shared/realism.ts";
import type { RealismKind } from "#shared/realism-warning.ts";
import {
  itinerarySchema,
  type Activity,
  type Itinerary,
  type TripPlace,
} from "#shared/schemas/itinerary.ts";
import { tripDates } from "#shared/trip-dates.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import type { EvalRequest } from "./requests.ts";
import type { WholeTripMeasures } from "./whole-trip-measures.ts";

/** What one request of the set produced; every field is present in the JSON (null when unknown). */
export type EvalRow = {
  id: string;
  destination: string;
  continent: string;
  /** The first day: dates are counted from the day of the run, so they differ between runs. */
  startDate: string;
  interests: string[];
  days: number;
  travelStyle: string;
  budget: number;
  /** The error's message when the request failed; the other measures are then null or 0. */
  error: string | null;
  /** The itinerary passes the shared `itinerarySchema` (what the API stores and serves). */
  schemaValid: boolean;
  /** One day per date of the trip, in order, nothing missing or extra. */
  daysMatch: boolean;
  /** The destination was resolved to a place (name, country, coordinates, time zone). */
  placeResolved: boolean;
  activities: number;
  /** Activities whose place already came earlier in the trip (same day or another). */
  repeats: number;
  /** Located activities (lat and lng) out of all; null without activities. */
  locatedShare: number | null;
  /** Activities matched to an OpenStreetMap place (an `osmId`) out of all; null without activities. */
  verifiedShare: number | null;
  /** Legs (issue 46) with a router's time, out of all legs; null without legs (routers off). */
  routedLegShare: number | null;
  /** The days' time on the move (every leg's minutes), on average; null without legs. */
  travelMinutesPerDay: number | null;
  /**
   * Visits to matched places (an `osmId` and `openingHours`) at a time their hours say closed, in the
   * destination's calendar (its country's holidays); null when the destination was not resolved, as
   * the hours cannot be read without it. The same count as the "closed" realism warnings.
   */
  closedVisits: number | null;
  /** Realism warnings of the final itinerary (shared checks, the hours check included when the
   * destination was resolved), and how many of each kind. */
  warnings: number;
  warningKinds: Partial<Record<RealismKind, number>>;
  /** Sum of the known activity costs, and that sum over the budget (1 = exactly the budget). */
  totalCost: number;
  budgetUse: number | null;
  /** Activities with no cost (null): not counted in totalCost. */
  unknownCosts: number;
  /** Milliseconds from the start to the first `day` event (null when none came), and to the end. */
  firstDayMs: number | null;
  wholeMs: number;
  modelCalls: number;
  promptTokens: number;
  completionTokens: number;
  /** The whole trip's measures (issue 47): requests with a party (origin, travellers…); else null. */
  wholeTrip: WholeTripMeasures | null;
};

export type Timing = { firstDayMs: number | null; wholeMs: number };
export type Usage = { calls: number; promptTokens: number; completionTokens: number };

const NO_USAGE: Usage = { calls: 0, promptTokens: 0, completionTokens: 0 };

/** The request's own columns, shared by a measured row and a failed one. */
function describeRequest(entry: EvalRequest) {
  const { request } = entry;
  return {
    id: entry.id,
    destination: request.destination,
    continent: entry.continent,
    startDate: request.startDate,
    interests: [...request.interests],
    days: tripDates(request.startDate, request.endDate).length,
    travelStyle: request.travelStyle,
    budget: request.budget,
  };
}

/** How many activities repeat a place seen before them, in trip order. */
export function countRepeats(itinerary: Itinerary): number {
  const seen: Activity[] = [];
  let repeats = 0;
  for (const day of itinerary.days) {
    for (const activity of day.activities) {
      if (seen.some((earlier) => samePlace(earlier, activity))) repeats += 1;
      seen.push(activity);
    }
  }
  return repeats;
}

/** Every measure of one answer, computed from the itinerary as the generation code returned it. */
export function measureTrip(
  entry: EvalRequest,
  answer: {
    itinerary: Itinerary;
    place: TripPlace | null;
    usage: Usage;
    /** A trip with several stops: each with its place (every one must be resolved). */
    stops?: readonly TripStop[] | undefined;
    wholeTrip?: WholeTripMeasures | null;
  },
  timing: Timing,
): EvalRow {
  const { request } = entry;
  const { itinerary } = answer;
  const activities = itinerary.days.flatMap((d) => d.activities);
  const located = activities.filter((a) => a.lat !== null && a.lng !== null).length;
  const priced = activities.filter((a) => a.cost !== null);
  const totalCost = priced.reduce((sum, a) => sum + (a.cost ?? 0), 0);
  const dates = tripDates(request.startDate, request.endDate);
  const verified = activities.filter((a) => a.osmId !== null).length;
  const legs = activities.flatMap((a) => (a.travel ? [a.travel] : []));
  const routedLegs = legs.filter((leg) => leg.source !== "estimate").length;
  const { stops } = answer;
  const openAt = answer.place ? openAtIn(answer.place) : undefined;
  // Several stops: each city's hours in its own calendar, and the route checks (transfer days).
  const stopOpenAts = stops?.map((s) => (s.place ? openAtIn(s.place) : undefined));
  const warnings = checkItineraryRealism(itinerary, {
    budget: request.budget,
    openAt,
    ...(stops && stopOpenAts
      ? { openAtStop: (i: number) => stopOpenAts[i], route: { stops } }
      : {}),
  });
  const warningKinds: Partial<Record<RealismKind, number>> = {};
  for (const w of warnings) warningKinds[w.kind] = (warningKinds[w.kind] ?? 0) + 1;
  return {
    ...describeRequest(entry),
    error: null,
    schemaValid: itinerarySchema.safeParse(itinerary).success,
    daysMatch:
      itinerary.days.length === dates.length && itinerary.days.every((d, i) => d.date === dates[i]),
    placeResolved: answer.place !== null && (stops?.every((s) => s.place !== null) ?? true),
    activities: activities.length,
    repeats: countRepeats(itinerary),
    locatedShare: activities.length > 0 ? located / activities.length : null,
    verifiedShare: activities.length > 0 ? verified / activities.length : null,
    routedLegShare: legs.length > 0 ? routedLegs / legs.length : null,
    travelMinutesPerDay:
      legs.length > 0 && itinerary.days.length > 0
        ? itinerary.days.reduce((sum, day) => sum + dayTravelMinutes(day), 0) /
          itinerary.days.length
        : null,
    closedVisits:
      openAt && (stopOpenAts?.every(Boolean) ?? true) ? (warningKinds.closed ?? 0) : null,
    warnings: warnings.length,
    warningKinds,
    totalCost: Math.round(totalCost * 100) / 100,
    budgetUse: request.budget > 0 ? totalCost / request.budget : null,
    unknownCosts: activities.length - priced.length,
    firstDayMs: timing.firstDayMs,
    wholeMs: timing.wholeMs,
    modelCalls: answer.usage.calls,
    promptTokens: answer.usage.promptTokens,
    completionTokens: answer.usage.completionTokens,
    wholeTrip: answer.wholeTrip ?? null,
  };
}

/** A request that failed: a row with its error, so the run goes on and the table shows it. */
export function failedRow(entry: EvalRequest, error: string, timing: Timing): EvalRow {
  return {
    ...describeRequest(entry),
    error,
    schemaValid: false,
    daysMatch: false,
    placeResolved: false,
    activities: 0,
    repeats: 0,
    locatedShare: null,
    verifiedShare: null,
    routedLegShare: null,
    travelMinutesPerDay: null,
    closedVisits: null,
    warnings: 0,
    warningKinds: {},
    totalCost: 0,
    budgetUse: null,
    unknownCosts: 0,
    firstDayMs: timing.firstDayMs,
    wholeMs: timing.wholeMs,
    modelCalls: NO_USAGE.calls,
    promptTokens: NO_USAGE.promptTokens,
    completionTokens: NO_USAGE.completionTokens,
    wholeTrip: null,
  };
}

/** The run in a few numbers: how often it worked, and medians of the rest. */
export type EvalSummary = {
  requests: number;
  failed: number;
  schemaValid: number;
  daysMatch: number;
  repeats: number;
  warnings: number;
  medianLocatedShare: number | null;
  /** The median of the rows' verified shares (rows without activities left out). */
  medianVerifiedShare: number | null;
  /** The median of the rows' shares of legs routed, and of their days' travel minutes. */
  medianRoutedLegShare: number | null;
  medianTravelMinutesPerDay: number | null;
  /** Visits at closed places over every row that could be checked. */
  closedVisits: number;
  /** Rows whose closed visits could not be counted (destination not resolved). */
  closedUnchecked: number;
  medianBudgetUse: number | null;
  medianFirstDayMs: number | null;
  medianWholeMs: number | null;
  promptTokens: number;
  completionTokens: number;
};

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const present = (values: readonly (number | null)[]) =>
  values.filter((v): v is number => v !== null);

export function summarize(rows: readonly EvalRow[]): EvalSummary {
  const ok = rows.filter((r) => r.error === null);
  const sum = (pick: (r: EvalRow) => number) => rows.reduce((s, r) => s + pick(r), 0);
  return {
    requests: rows.length,
    failed: rows.length - ok.length,
    schemaValid: rows.filter((r) => r.schemaValid).length,
    daysMatch: rows.filter((r) => r.daysMatch).length,
    repeats: sum((r) => r.repeats),
    warnings: sum((r) => r.warnings),
    medianLocatedShare: median(present(ok.map((r) => r.locatedShare))),
    medianVerifiedShare: median(present(ok.map((r) => r.verifiedShare))),
    medianRoutedLegShare: median(present(ok.map((r) => r.routedLegShare))),
    medianTravelMinutesPerDay: median(present(ok.map((r) => r.travelMinutesPerDay))),
    closedVisits: sum((r) => r.closedVisits ?? 0),
    closedUnchecked: ok.filter((r) => r.activities > 0 && r.closedVisits === null).length,
    medianBudgetUse: median(present(ok.map((r) => r.budgetUse))),
    medianFirstDayMs: median(present(ok.map((r) => r.firstDayMs))),
    medianWholeMs: median(ok.map((r) => r.wholeMs)),
    promptTokens: sum((r) => r.promptTokens),
    completionTokens: sum((r) => r.completionTokens),
  };
}
