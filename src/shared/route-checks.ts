import { formatKm } from "./format.ts";
import { distanceKm } from "./geo.ts";
import type { RealismWarning } from "./realism-warning.ts";
import type { Activity, Day, TripPlace } from "./schemas/itinerary.ts";
import type { Stay, Transport, TripStop } from "./schemas/trip-stops.ts";
import {
  MINUTES_PER_DAY,
  minutesOf,
  PLANNED_DEPARTURE_MINUTES,
  transferOn,
  type TransferDay,
} from "./transfer-day.ts";
import { activityStopIndex, stopNights } from "./trip-stop-days.ts";
import { zonedToEpoch } from "./zoned-time.ts";

/*
 * The realism checks of a trip with several stops: is each activity in a city the traveller is in
 * at that time, does the day start near where they slept, and do they know where they sleep? Pure,
 * like realism.ts, so the planner, the trip page and the shared page say the same.
 */

/** What the checks read of a trip; `stays` given (even empty) adds the "no stay" notes. */
export type RouteContext = {
  stops: readonly (Pick<TripStop, "destination" | "startDate" | "endDate"> & {
    place: TripPlace | null;
  })[];
  transport?: readonly Transport[] | undefined;
  stays?: readonly Stay[] | undefined;
};

/** A day's first activity further than this from the night's stay looks like a mistake. */
export const FAR_FROM_STAY_KM = 30;

const endOf = (a: Pick<Activity, "time" | "durationMinutes">) =>
  minutesOf(a.time) + a.durationMinutes;

const clock = (minutes: number) => {
  const within = ((Math.round(minutes) % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  const text = `${String(Math.floor(within / 60)).padStart(2, "0")}:${String(within % 60).padStart(2, "0")}`;
  return minutes >= MINUTES_PER_DAY ? `${text} the next day` : text;
};

/**
 * The day's transfer. Without a saved transport the traveller leaves after their last activity in
 * the first city (or at the planner's hour when there is none there) and arrives after the journey
 * by distance.
 */
function transferOf(day: Day, route: RouteContext): TransferDay | null {
  const probe = transferOn(day.date, route.stops, route.transport ?? []);
  if (!probe || probe.transport) return probe;
  const leaving = day.activities.filter((a) => activityStopIndex(a, day) === probe.from);
  const departure =
    leaving.length > 0 ? Math.max(...leaving.map(endOf)) : PLANNED_DEPARTURE_MINUTES;
  return transferOn(day.date, route.stops, [], departure);
}

function transferWarnings(day: Day, route: RouteContext): RealismWarning[] {
  const transfer = transferOf(day, route);
  if (!transfer) return [];
  const fromName = route.stops[transfer.from]?.destination ?? "the last city";
  const toName = route.stops[transfer.to]?.destination ?? "the next city";
  const warnings: RealismWarning[] = [];
  const warn = (a: Activity, kind: RealismWarning["kind"], message: string) =>
    warnings.push({ kind, date: day.date, activityId: a.id, message });
  for (const a of day.activities) {
    const stop = activityStopIndex(a, day);
    const start = minutesOf(a.time);
    if (stop === transfer.from) {
      if (start >= transfer.departure)
        warn(
          a,
          "after-departure",
          `In ${fromName} at ${a.time}, after you leave for ${toName} (${clock(transfer.departure)})`,
        );
      else if (endOf(a) > transfer.departure)
        warn(
          a,
          "journey",
          `Runs into the journey to ${toName}, which leaves at ${clock(transfer.departure)}`,
        );
    } else if (stop === transfer.to && start < transfer.arrival) {
      warn(
        a,
        "before-arrival",
        `In ${toName} at ${a.time}, before you arrive from ${fromName} (about ${clock(transfer.arrival)})`,
      );
    }
  }
  return warnings;
}

/**
 * A journey on a day that is not a transfer day (the flight home, a day trip by train): an activity
 * overlapping it is one the traveller cannot be at. Times on the departure's clock, where they are.
 */
function otherJourneyWarnings(day: Day, route: RouteContext): RealismWarning[] {
  if (transferOn(day.date, route.stops, route.transport ?? [])) return [];
  const warnings: RealismWarning[] = [];
  for (const t of route.transport ?? []) {
    if (t.departAt.slice(0, 10) !== day.date) continue;
    const depart = zonedToEpoch(t.departAt, t.departZone);
    const arrive = zonedToEpoch(t.arriveAt, t.arriveZone);
    if (depart === null || arrive === null) continue;
    const leaves = minutesOf(t.departAt.slice(11));
    const arrives = leaves + Math.max(0, Math.round((arrive - depart) / 60_000));
    for (const a of day.activities) {
      if (minutesOf(a.time) >= arrives || endOf(a) <= leaves) continue;
      warnings.push({
        kind: "journey",
        date: day.date,
        activityId: a.id,
        message: `During the journey from ${t.from} to ${t.to} (${clock(leaves)}–${clock(arrives)})`,
      });
    }
  }
  return warnings;
}

/** The stay the traveller wakes up in on `date`: the one whose night before it is theirs. */
const stayWokenIn = (stays: readonly Stay[], date: string) =>
  stays.find((s) => s.checkIn < date && date <= s.checkOut && s.lat !== null && s.lng !== null);

function farFromStayWarnings(day: Day, stays: readonly Stay[]): RealismWarning[] {
  const stay = stayWokenIn(stays, day.date);
  const first = day.activities.find((a) => a.lat !== null && a.lng !== null);
  if (!stay || !first || stay.lat === null || stay.lng === null) return [];
  if (first.lat === null || first.lng === null) return [];
  const km = distanceKm({ lat: stay.lat, lng: stay.lng }, { lat: first.lat, lng: first.lng });
  if (km <= FAR_FROM_STAY_KM) return [];
  return [
    {
      kind: "far-from-stay",
      date: day.date,
      activityId: first.id,
      message: `About ${formatKm(km)} from ${stay.name}, where the day starts`,
    },
  ];
}

/** A stop with nights and no stay: asked once, on its first day, gently. */
function noStayNotes(day: Day, route: RouteContext, stays: readonly Stay[]): RealismWarning[] {
  return route.stops.flatMap((stop, index): RealismWarning[] => {
    if (stop.startDate !== day.date || stopNights(stop) < 1) return [];
    if (stays.some((s) => s.stopIndex === index)) return [];
    const shownOn =
      day.activities.find((a) => activityStopIndex(a, day) === index) ?? day.activities[0];
    return [
      {
        kind: "no-stay",
        severity: "note",
        date: day.date,
        activityId: shownOn?.id ?? "",
        message: `Where are you staying in ${stop.destination}?`,
      },
    ];
  });
}

/** Every route warning (and note) of one day; the caller orders them with the others. */
export function routeWarnings(day: Day, route: RouteContext): RealismWarning[] {
  return [
    ...transferWarnings(day, route),
    ...otherJourneyWarnings(day, route),
    ...(route.stays ? farFromStayWarnings(day, route.stays) : []),
    ...(route.stays ? noStayNotes(day, route, route.stays) : []),
  ];
}

/** Only the warnings: what a model is asked to repair and what the evaluation counts. */
export const isWarning = (w: RealismWarning) => w.severity !== "note";
