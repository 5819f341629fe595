import { DESTINATION_MAX_LENGTH } from "./constants.ts";
import type { Activity, Day, Itinerary } from "./schemas/itinerary.ts";
import { daysBetween, shiftDate } from "./trip-dates.ts";

/** Joins cities as a trip's default destination ("Paris → Lyon"), cut to the destination's limit. */
export const STOP_SEPARATOR = " → ";

export function joinStopNames(names: readonly string[]): string {
  const joined = names.join(STOP_SEPARATOR);
  if (joined.length <= DESTINATION_MAX_LENGTH) return joined;
  return `${joined.slice(0, DESTINATION_MAX_LENGTH - 1).trimEnd()}…`;
}

/**
 * Each stop's arrival and departure day from the trip's start and the nights in order: a stop ends
 * on the day the next one starts (Paris 2 nights from 28 Dec: 28–30 Dec; Lyon 2 nights: 30 Dec – 1 Jan).
 */
export function stopDateRanges(
  startDate: string,
  nights: readonly number[],
): { startDate: string; endDate: string }[] {
  let arrival = startDate;
  return nights.map((count) => {
    const range = { startDate: arrival, endDate: shiftDate(arrival, count) };
    arrival = range.endDate;
    return range;
  });
}

/** The nights of each stop, read back from its dates. */
export const stopNights = (stop: { startDate: string; endDate: string }) =>
  daysBetween(stop.startDate, stop.endDate);

/** The indexes of the stops a date touches, in order (`[0, 1]` on a transfer day); `[0]` outside. */
export function stopIndexesOn(
  stops: readonly { startDate: string; endDate: string }[],
  date: string,
): number[] {
  const touched = stops.flatMap((stop, index) =>
    stop.startDate <= date && date <= stop.endDate ? [index] : [],
  );
  if (touched.length > 0) return touched.slice(0, 2);
  const last = stops.length - 1;
  return [date < (stops[0]?.startDate ?? date) ? 0 : Math.max(0, last)];
}

/** The stop whose nights include a night's date (a transfer day's night is the next stop's). */
export function stopIndexForNight(
  stops: readonly { startDate: string; endDate: string }[],
  date: string,
): number {
  const index = stops.findIndex((stop) => stop.startDate <= date && date < stop.endDate);
  if (index >= 0) return index;
  return date < (stops[0]?.startDate ?? date) ? 0 : Math.max(0, stops.length - 1);
}

/** A day's stops; trips saved before stops existed are one stop. */
export const dayStopIndexes = (day: Pick<Day, "stops">): number[] => day.stops ?? [0];

/** The stop an activity is in; without one, its day's first stop. */
export const activityStopIndex = (
  activity: Pick<Activity, "stopIndex">,
  day: Pick<Day, "stops">,
): number => activity.stopIndex ?? dayStopIndexes(day)[0] ?? 0;

const nearest = (stops: readonly number[], wanted: number) =>
  stops.reduce((best, index) =>
    Math.abs(index - wanted) < Math.abs(best - wanted) ? index : best,
  );

function withoutStopIndexes(itinerary: Itinerary): Itinerary {
  return {
    days: itinerary.days.map(({ stops: _stops, ...day }) => ({
      ...day,
      activities: day.activities.map(({ stopIndex: _stopIndex, ...a }) => a),
    })),
  };
}

/**
 * Every day's `stops` from the stops' dates, and every activity in one of its day's stops: the one
 * it was in when the day still touches it, else the day's stop nearest to it (an activity moved
 * from Paris onto the Lyon day is in Lyon).
 */
export function withStopIndexes(
  itinerary: Itinerary,
  stops: readonly { startDate: string; endDate: string }[],
): Itinerary {
  // One stop is what a day without `stops` means: such trips are stored as they always were.
  if (stops.length <= 1) return withoutStopIndexes(itinerary);
  return {
    days: itinerary.days.map((day): Day => {
      const touched = stopIndexesOn(stops, day.date);
      return {
        ...day,
        stops: touched,
        activities: day.activities.map((a) => {
          const was = activityStopIndex(a, day);
          return { ...a, stopIndex: touched.includes(was) ? was : nearest(touched, was) };
        }),
      };
    }),
  };
}
