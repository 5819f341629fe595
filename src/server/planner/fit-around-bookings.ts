import { MAX_ACTIVITIES_PER_DAY } from "#shared/constants.ts";
import type { OpenAt } from "#shared/realism.ts";
import type { Activity, Day, Itinerary } from "#shared/schemas/itinerary.ts";
import type { Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { minutesOf, transferOn } from "#shared/transfer-day.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { zonedToEpoch } from "#shared/zoned-time.ts";
import { insideWindow, type DayWindows } from "./day-windows.ts";
import { bookedWindows } from "./journey-windows.ts";

/*
 * "Plan the rest" (issue 35): the planner fills the free time around what the traveller booked.
 * The booked journeys shape the days before planning (windows: the morning before a transfer, the
 * evening after it, the first day from the arrival, the last until the departure); whatever the
 * plan still puts over a booking or a journey is moved to a free time of its day, or left out.
 */

type Interval = { from: number; until: number };

export const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** A planned visit moved for a booking still ends by then (a late dinner, not a midnight museum). */
const LATEST_MOVED_END = 22 * 60 + 30;

// A meal keeps its words ("Lunch at Chez Janou"): moved far, it would be lunch at 16:00. So a meal
// moves at most this far from the planner's time, else it is left out (the booking is the meal).
const MEAL = /\b(breakfast|brunch|lunch|dinner|supper)\b/i;
const MEAL_MAX_SHIFT = 90;

/** Where the traveller is not, as minutes on the clock of where they leave (route-checks.ts). */
function journeyInterval(t: Transport): Interval | null {
  const depart = zonedToEpoch(t.departAt, t.departZone);
  const arrive = zonedToEpoch(t.arriveAt, t.arriveZone);
  if (depart === null || arrive === null) return null;
  const from = minutesOf(t.departAt.slice(11));
  return { from, until: from + Math.max(0, Math.round((arrive - depart) / 60_000)) };
}

const overlaps = (a: Interval, b: Interval) => a.from < b.until && b.from < a.until;
const intervalOf = (a: Pick<Activity, "time" | "durationMinutes">): Interval => ({
  from: minutesOf(a.time),
  until: minutesOf(a.time) + a.durationMinutes,
});

/**
 * Whether a planned visit may be moved to `start` (minutes on its day's clock): it still ends by
 * LATEST_MOVED_END, a meal stays within MEAL_MAX_SHIFT of its time, and its place is not closed
 * then (when its hours are known). The stop's window and the day's other visits are the caller's.
 */
export function canMoveTo(
  activity: Pick<Activity, "activity" | "time" | "durationMinutes" | "openingHours">,
  date: string,
  start: number,
  hours: OpenAt | undefined,
): boolean {
  if (start + activity.durationMinutes > LATEST_MOVED_END) return false;
  if (MEAL.test(activity.activity) && Math.abs(start - minutesOf(activity.time)) > MEAL_MAX_SHIFT)
    return false;
  if (!hours || !activity.openingHours) return true;
  return hours(activity.openingHours, date, clock(start)) !== "closed";
}

/**
 * One day: the booked activities as they are, and each planned one where it was when that time is
 * free (inside its stop's window, clear of the bookings, the journeys and the planned ones kept
 * before it); otherwise at the first free time of the day at which its place is not closed, or not
 * at all. At most MAX_ACTIVITIES_PER_DAY, the bookings first.
 */
function fitDay(
  planned: Day,
  booked: Day,
  busy: readonly Interval[],
  windows: readonly DayWindows[],
  openAt: (stopIndex: number) => OpenAt | undefined,
): Day {
  const kept: Activity[] = [];
  const taken = () => [...busy, ...kept.map(intervalOf)];
  const room = Math.max(0, MAX_ACTIVITIES_PER_DAY - booked.activities.length);
  const sorted = [...planned.activities].sort((a, b) => a.time.localeCompare(b.time));
  for (const activity of sorted) {
    if (kept.length >= room) break;
    const stopIndex = activityStopIndex(activity, planned);
    const window = windows[stopIndex]?.[planned.date];
    const fitsAt = (start: number, moved: boolean) => {
      const at = { time: clock(start), durationMinutes: activity.durationMinutes };
      if (!insideWindow(at, window)) return false;
      if (taken().some((b) => overlaps(intervalOf(at), b))) return false;
      return !moved || canMoveTo(activity, planned.date, start, openAt(stopIndex));
    };
    const start = minutesOf(activity.time);
    if (fitsAt(start, false)) {
      kept.push(activity);
      continue;
    }
    // The free times of the day start where something ends (or where the stop's part begins).
    const starts = [...new Set([window?.from ?? 0, ...taken().map((b) => b.until)])]
      .filter((s) => s < 24 * 60)
      .sort((a, b) => a - b);
    const later = starts.filter((s) => s > start);
    const earlier = starts.filter((s) => s < start).reverse();
    const free = [...later, ...earlier].find((s) => fitsAt(s, true));
    if (free !== undefined) kept.push({ ...activity, time: clock(free) });
  }
  return {
    ...planned,
    activities: [...kept, ...booked.activities].sort((a, b) => a.time.localeCompare(b.time)),
  };
}

/**
 * The planned days with the booked activities in them and nothing planned over a booking or a
 * journey. `booked`: the trip's dates with only their bookings (bookedItinerary), in the same order.
 */
export function fitAroundBookings(
  planned: Itinerary,
  booked: Itinerary,
  route: {
    stops: readonly TripStop[];
    transport: readonly Transport[];
    openAtStop: (stopIndex: number) => OpenAt | undefined;
  },
): Itinerary {
  const windows = bookedWindows(route.stops, route.transport);
  const days = planned.days.map((day) => {
    const bookedDay = booked.days.find((d) => d.date === day.date) ?? {
      date: day.date,
      activities: [],
    };
    // The transfer itself is in the windows; any other journey that day is time away.
    const transfer = transferOn(day.date, route.stops, route.transport)?.transport ?? null;
    const journeys = route.transport
      .filter((t) => t.departAt.slice(0, 10) === day.date && t !== transfer)
      .map(journeyInterval)
      .filter((i): i is Interval => i !== null);
    const busy = [...bookedDay.activities.map(intervalOf), ...journeys];
    return fitDay(
      { ...day, ...(bookedDay.stops ? { stops: bookedDay.stops } : {}) },
      bookedDay,
      busy,
      windows,
      route.openAtStop,
    );
  });
  return { days };
}
