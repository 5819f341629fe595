import { endTime, formatDayLabel, formatKm, formatLongDay, formatMinutes } from "./format.ts";
import { distanceKm, travelMinutes, type Point } from "./geo.ts";
import { checkDayTimes } from "./itinerary-checks.ts";
import type { Activity, Day, Itinerary } from "./schemas/itinerary.ts";
import type { Travel } from "./schemas/travel.ts";
import { dayStopIndexes } from "./trip-stop-days.ts";
import { routeWarnings, type RouteContext } from "./route-checks.ts";
import type { RealismKind, RealismWarning } from "./realism-warning.ts";

/**
 * Realism checks of a plan: does each day add up in time, distance, hours and money? Pure and
 * isomorphic: the generator sends the warnings to the model in its repair call, the editor and the
 * shared page show them, and the evaluation counts them. The wording is gentle on purpose: a warning
 * is a hint to the traveller, never a refusal.
 */

/** Activities starting before this look like a mistake (HH:MM compares in time order). */
export const EARLIEST_START = "06:00";
/** Activities starting after this look like a mistake. */
export const LATEST_START = "23:30";

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** Minutes after midnight at which an activity ends (past 1440 when it runs into the night). */
const endMinutes = (a: Pick<Activity, "time" | "durationMinutes">) =>
  toMinutes(a.time) + a.durationMinutes;

const cents = (amount: number) => Math.round(amount * 100);

/** Whole dollars, unless rounding would make the two amounts of a message look equal. */
function formatDollarPair(cost: number, share: number): [string, string] {
  const whole = (n: number) => `$${Math.round(n).toLocaleString("en-US")}`;
  if (Math.round(cost) !== Math.round(share)) return [whole(cost), whole(share)];
  const exact = (n: number) =>
    `$${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
  return [exact(cost), exact(share)];
}

/**
 * What makes two activities "the same place": their location text, compared without case, accents
 * or punctuation ("Musée d'Orsay" = "musee d orsay").
 */
export function normalizePlace(location: string): string {
  return location
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Same OpenStreetMap element, or the same location text once normalized. */
export function samePlace(
  a: Pick<Activity, "location" | "osmId">,
  b: Pick<Activity, "location" | "osmId">,
): boolean {
  if (a.osmId !== null && a.osmId === b.osmId) return true;
  const key = normalizePlace(a.location);
  return key !== "" && key === normalizePlace(b.location);
}

const KIND_ORDER: readonly RealismKind[] = [
  "backwards",
  "overlap",
  "early",
  "late",
  "closed",
  "travel",
  "repeat",
  "budget",
  "before-arrival",
  "after-departure",
  "journey",
  "far-from-stay",
  "no-stay",
];

/**
 * An activity that starts before the one listed just before it ends (its start plus its length). Two
 * that start together or run backwards are the editor's own warnings (checkDayTimes) instead.
 */
function lengthOverlapWarnings(day: Day): RealismWarning[] {
  const warnings: RealismWarning[] = [];
  for (let i = 1; i < day.activities.length; i++) {
    const previous = day.activities[i - 1]!;
    const current = day.activities[i]!;
    if (current.time <= previous.time) continue;
    const end = endMinutes(previous);
    if (end <= toMinutes(current.time)) continue;
    warnings.push({
      kind: "overlap",
      date: day.date,
      activityId: current.id,
      message: `Starts at ${current.time}, before "${previous.activity}" ends (${endTime(previous.time, previous.durationMinutes)})`,
    });
  }
  return warnings;
}

const LEG_WORDS: Record<Travel["mode"], string> = {
  walk: "The walk",
  transit: "The ride",
  bike: "The bike ride",
  drive: "The drive",
};

/** "The walk from the Louvre takes 38 min; only 15 min are left" (an estimate says it is one). */
function legMessage(leg: Travel, from: Activity, gap: number): string {
  const words =
    leg.mode === "drive" && leg.summary === "Taxi" ? "The taxi ride" : LEG_WORDS[leg.mode];
  const place = from.location.split(",")[0]?.trim() || from.activity;
  const takes =
    leg.source === "estimate"
      ? `takes about ${leg.minutes} min (estimated)`
      : `takes ${leg.minutes} min`;
  const left = gap === 0 ? "no time is left" : `only ${gap} min ${gap === 1 ? "is" : "are"} left`;
  return `${words} from ${place} ${takes}; ${left}`;
}

function travelWarnings(day: Day): RealismWarning[] {
  const warnings: RealismWarning[] = [];
  let previous: (Activity & Point) | null = null;
  for (const current of day.activities) {
    const { lat, lng } = current;
    // Unlocated activities are skipped: the distance runs from the last located one.
    if (lat === null || lng === null) continue;
    const located = { ...current, lat, lng };
    if (previous) {
      // The time between leaving the previous stop (its start plus its length) and this start.
      const gap = toMinutes(current.time) - endMinutes(previous);
      const km = distanceKm(previous, located);
      // A negative gap is already an "overlap" or "backwards" warning; one reason is enough.
      // The small allowance keeps floating-point dust (60.000000001 minutes) from flagging an exact fit.
      // The routed leg when the server has one from this very activity before (issue 46).
      const before = day.activities[day.activities.findIndex((a) => a.id === current.id) - 1];
      const leg = current.travel && before?.id === previous.id ? current.travel : null;
      const needed = leg ? leg.minutes : travelMinutes(km);
      if (gap >= 0 && toMinutes(current.time) > toMinutes(previous.time) && needed > gap + 1e-6) {
        warnings.push({
          kind: "travel",
          date: day.date,
          activityId: current.id,
          message: leg
            ? legMessage(leg, previous, gap)
            : `About ${formatKm(km)} from the previous stop with ${gap === 0 ? "no time" : formatMinutes(gap)} between them`,
        });
      }
    }
    previous = located;
  }
  return warnings;
}

function hourWarnings(day: Day): RealismWarning[] {
  const warnings: RealismWarning[] = [];
  for (const a of day.activities) {
    if (a.time < EARLIEST_START)
      warnings.push({
        kind: "early",
        date: day.date,
        activityId: a.id,
        message: `Starts at ${a.time}, before ${EARLIEST_START}`,
      });
    else if (a.time > LATEST_START)
      warnings.push({
        kind: "late",
        date: day.date,
        activityId: a.id,
        message: `Starts at ${a.time}, after ${LATEST_START}`,
      });
  }
  return warnings;
}

/**
 * Whether a place with these OSM opening hours is open at a local date ("YYYY-MM-DD") and time
 * ("HH:MM") at the trip's destination. Injected rather than imported: the evaluation library is large,
 * so the server passes it always and the browser once its lazy chunk has loaded (opening-hours.ts).
 */
export type OpenAt = (
  openingHours: string,
  localDate: string,
  localTime: string,
) => "open" | "closed" | "unknown";

/**
 * A visit to a matched OpenStreetMap place at a time its hours say it is closed. Only matched places
 * (an `osmId` and hours) are checked: unknown hours are never a warning.
 */
function closedWarnings(day: Day, openAt: OpenAt | undefined): RealismWarning[] {
  if (!openAt) return [];
  const warnings: RealismWarning[] = [];
  for (const a of day.activities) {
    if (a.osmId === null || !a.openingHours) continue;
    if (openAt(a.openingHours, day.date, a.time) !== "closed") continue;
    warnings.push({
      kind: "closed",
      date: day.date,
      activityId: a.id,
      message: `${a.location} is closed at ${a.time} on ${formatLongDay(day.date)}`,
    });
  }
  return warnings;
}

function budgetWarning(day: Day, dayBudget: number | null): RealismWarning[] {
  if (dayBudget === null || !Number.isFinite(dayBudget)) return [];
  const priced = day.activities.filter((a): a is Activity & { cost: number } => a.cost !== null);
  if (priced.length === 0) return [];
  const cost = priced.reduce((sum, a) => sum + a.cost, 0);
  // Compared in cents so 0.1 + 0.2 is not "over" 0.3.
  if (cents(cost) <= cents(dayBudget)) return [];
  // Shown on the costliest activity: the one to rethink first.
  const costliest = priced.reduce((top, a) => (a.cost > top.cost ? a : top));
  const [costText, shareText] = formatDollarPair(cost, dayBudget);
  return [
    {
      kind: "budget",
      date: day.date,
      activityId: costliest.id,
      message: `This day costs about ${costText}, more than its share of the budget (${shareText})`,
    },
  ];
}

function repeatWarnings(day: Day, otherDays: readonly Day[]): RealismWarning[] {
  // Only earlier days count, so the warning lands on the later occurrence and each pair warns once.
  const earlier = otherDays
    .filter((other) => other.date < day.date)
    .toSorted((a, b) => a.date.localeCompare(b.date));
  const warnings: RealismWarning[] = [];
  for (const a of day.activities) {
    const dates = earlier
      .filter((other) => other.activities.some((b) => samePlace(a, b)))
      .map((other) => formatDayLabel(other.date));
    if (dates.length === 0) continue;
    const listed =
      dates.length === 1 ? dates[0] : `${dates.slice(0, -1).join(", ")} and ${dates.at(-1)}`;
    warnings.push({
      kind: "repeat",
      date: day.date,
      activityId: a.id,
      message: `Also on ${listed}`,
    });
  }
  return warnings;
}

/**
 * Every warning of one day, in the order of its activities (and of the rules for one activity).
 * `dayBudget` is the day's share of the trip budget (null: not checked); `otherDays` are the trip's
 * days to look for repeats in — any of them may include `day` itself, only earlier dates count.
 */
export function checkDayRealism(
  day: Day,
  options: {
    dayBudget: number | null;
    otherDays?: readonly Day[];
    openAt?: OpenAt;
    /** The trip's stops, transport and stays: the checks of a route (route-checks.ts). */
    route?: RouteContext | undefined;
  },
): RealismWarning[] {
  const times: RealismWarning[] = checkDayTimes(day.activities).map((issue) => ({
    kind: issue.kind,
    date: day.date,
    activityId: issue.activityId,
    message: issue.message,
  }));
  const all = [
    ...times,
    ...lengthOverlapWarnings(day),
    ...hourWarnings(day),
    ...closedWarnings(day, options.openAt),
    ...travelWarnings(day),
    ...repeatWarnings(day, options.otherDays ?? []),
    ...budgetWarning(day, options.dayBudget),
    ...(options.route ? routeWarnings(day, options.route) : []),
  ];
  const position = new Map(day.activities.map((a, i) => [a.id, i]));
  return all.toSorted(
    (a, b) =>
      (position.get(a.activityId) ?? 0) - (position.get(b.activityId) ?? 0) ||
      KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind),
  );
}

/**
 * Every warning of a trip; each day's share of the budget is the budget split evenly over its days.
 * `openAt` (optional) adds the "closed" check of matched places.
 */
export function checkItineraryRealism(
  itinerary: Itinerary,
  options: {
    budget: number;
    openAt?: OpenAt;
    /** Each stop's own hours context (its zone, its holidays); `openAt` when absent. */
    openAtStop?: (stopIndex: number) => OpenAt | undefined;
    route?: RouteContext | undefined;
  },
): RealismWarning[] {
  const { days } = itinerary;
  const dayBudget =
    days.length > 0 && Number.isFinite(options.budget) && options.budget > 0
      ? options.budget / days.length
      : null;
  return days.flatMap((day) => {
    const openAt = options.openAtStop?.(dayStopIndexes(day)[0] ?? 0) ?? options.openAt;
    return checkDayRealism(day, {
      dayBudget,
      otherDays: days,
      ...(openAt ? { openAt } : {}),
      route: options.route,
    });
  });
}
