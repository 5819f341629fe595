import type { OpenAt } from "#shared/realism.ts";
import type { Activity, Day, Itinerary } from "#shared/schemas/itinerary.ts";
import type { Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { minutesOf } from "#shared/transfer-day.ts";
import { activityStopIndex } from "#shared/trip-stop-days.ts";
import { insideWindow, type DayWindows } from "./day-windows.ts";
import { canMoveTo, clock } from "./fit-around-bookings.ts";
import { bookedWindows, stopWindows } from "./journey-windows.ts";

/** A visit pushed later by its leg starts on a five-minute mark. */
const STEP = 5;
const roundUp = (minutes: number) => Math.ceil(minutes / STEP) * STEP;

/**
 * One day with its routed legs: each visit starts no earlier than the one before ends plus the leg
 * reaching it. A visit that starts too early is moved later by the rules of fitting around
 * bookings (still inside its stop's part of the day, ending by 22:30, a meal near its time, its
 * place open); one that cannot be moved is left out, and the visits after it are reached from the
 * one before. Booked activities never move.
 */
function fitDay(
  day: Day,
  windows: readonly DayWindows[],
  openAt: (stopIndex: number) => OpenAt | undefined,
): Day {
  const kept: Activity[] = [];
  for (const activity of day.activities) {
    const before = kept.at(-1);
    // Only a routed leg counts (an estimate is the guess the planner already allowed for), from
    // the visit really before it (one left out is routed again in the next round), in the same
    // city (the way between two cities is the transfer's, already in the stops' windows).
    const legFromBefore =
      activity.travel &&
      activity.travel.source !== "estimate" &&
      before &&
      day.activities[day.activities.indexOf(activity) - 1] === before &&
      activityStopIndex(before, day) === activityStopIndex(activity, day)
        ? activity.travel.minutes
        : 0;
    const earliest = before ? minutesOf(before.time) + before.durationMinutes + legFromBefore : 0;
    const start = minutesOf(activity.time);
    // Without a routed leg the planner's time stands (the realism checks speak for an overlap).
    if (legFromBefore === 0 || start >= earliest || activity.booked) {
      kept.push(activity);
      continue;
    }
    const moved = roundUp(earliest);
    const stopIndex = activityStopIndex(activity, day);
    const at = { time: clock(moved), durationMinutes: activity.durationMinutes };
    const next = day.activities[day.activities.indexOf(activity) + 1];
    const clearOfBooking =
      !next?.booked || moved + activity.durationMinutes <= minutesOf(next.time);
    if (
      moved < 24 * 60 &&
      clearOfBooking &&
      insideWindow(at, windows[stopIndex]?.[day.date]) &&
      canMoveTo(activity, day.date, moved, openAt(stopIndex))
    )
      kept.push({ ...activity, time: at.time });
  }
  return { ...day, activities: kept };
}

/**
 * The plan's days scheduled with their routed legs (issue 46): the keyless and the model planner
 * alike write times from a guess of the way between places; once each leg is routed, a visit the
 * leg makes late is moved later, or left out when the day cannot hold it.
 */
export function fitRoutedTimes(
  itinerary: Itinerary,
  route: {
    stops: readonly TripStop[];
    transport: readonly Transport[];
    openAtStop: (stopIndex: number) => OpenAt | undefined;
  },
): Itinerary {
  const windows =
    route.transport.length > 0
      ? bookedWindows(route.stops, route.transport)
      : stopWindows(route.stops);
  return { days: itinerary.days.map((day) => fitDay(day, windows, route.openAtStop)) };
}
