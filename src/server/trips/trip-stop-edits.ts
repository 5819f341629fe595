import { randomUUID } from "node:crypto";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import type { StopPatch, TripStop } from "#shared/schemas/trip-stops.ts";
import { daysBetween, shiftDate, tripDates } from "#shared/trip-dates.ts";
import {
  activityStopIndex,
  joinStopNames,
  stopDateRanges,
  stopIndexesOn,
  stopNights,
} from "#shared/trip-stop-days.ts";
import { AppError } from "../lib/http-errors.ts";

const invalid = (message: string) => new AppError(422, "invalid_input", message);

export const lastStopTooShort = (destination: string) =>
  `${destination} would have no nights left: change the stops' nights first`;

/**
 * The stops after a change of the trip's dates alone. A one-stop trip's stop is the trip's dates;
 * with several, every stop moves with the start and the last one absorbs a change of length (a
 * change that would leave it without a night is refused: the traveller changes the stops instead).
 */
export function stopsForDates(
  stops: readonly TripStop[],
  startDate: string,
  endDate: string,
): TripStop[] {
  const [first] = stops;
  if (stops.length <= 1 || !first) return stops.map((stop) => ({ ...stop, startDate, endDate }));
  const shift = daysBetween(first.startDate, startDate);
  const moved = stops.map((stop) => ({
    ...stop,
    startDate: shiftDate(stop.startDate, shift),
    endDate: shiftDate(stop.endDate, shift),
  }));
  const last = moved[moved.length - 1]!;
  if (daysBetween(last.startDate, endDate) < 1) throw invalid(lastStopTooShort(last.destination));
  moved[moved.length - 1] = { ...last, endDate };
  return moved;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The stops a PATCH names, in its order, from the trip's start: a known id keeps its stop (and its
 * place while its city is the same); a new or renamed city has its place resolved by the caller
 * (`needsPlace`). Their nights make the trip's length.
 */
export function stopsFromPatch(
  current: readonly TripStop[],
  patch: readonly StopPatch[],
  startDate: string,
): { stops: TripStop[]; needsPlace: Set<string> } {
  const known = new Map(current.map((stop) => [stop.id, stop]));
  const used = new Set<string>();
  const needsPlace = new Set<string>();
  const ranges = stopDateRanges(
    startDate,
    patch.map((stop) => stop.nights),
  );
  const stops = patch.map((input, index) => {
    const previous = input.id && !used.has(input.id) ? known.get(input.id) : undefined;
    const id = previous?.id ?? randomUUID();
    used.add(id);
    const keepsPlace = previous && sameName(previous.destination, input.destination);
    if (!keepsPlace) needsPlace.add(id);
    return {
      id,
      destination: input.destination,
      ...ranges[index]!,
      place: keepsPlace ? previous.place : null,
    };
  });
  return { stops, needsPlace };
}

/**
 * The days after the stops changed: each stop takes its own days with it (its activities, day by
 * day from its arrival), so a reordered city keeps its plan; a stop with more nights gains empty
 * days, one with fewer loses its last ones, a new city starts empty. A transfer day holds the
 * leaving stop's activities, then the arriving one's.
 */
export function moveDaysWithStops(
  itinerary: Itinerary,
  before: readonly TripStop[],
  after: readonly TripStop[],
): Itinerary {
  const byDate = new Map(itinerary.days.map((day) => [day.date, day]));
  const oldIndex = new Map(before.map((stop, index) => [stop.id, index]));
  const activitiesOf = (stop: TripStop, date: string): Activity[] => {
    const index = oldIndex.get(stop.id);
    const was = index === undefined ? undefined : before[index]!;
    if (!was || index === undefined) return [];
    const offset = daysBetween(stop.startDate, date);
    if (offset > stopNights(was)) return [];
    const day = byDate.get(shiftDate(was.startDate, offset));
    return day ? day.activities.filter((a) => activityStopIndex(a, day) === index) : [];
  };
  const first = after[0]!;
  const last = after[after.length - 1]!;
  const days = tripDates(first.startDate, last.endDate).map((date) => {
    const touched = stopIndexesOn(after, date);
    return {
      date,
      stops: touched,
      activities: touched.flatMap((index) =>
        activitiesOf(after[index]!, date).map((a) => ({ ...a, stopIndex: index })),
      ),
    };
  });
  return { days };
}

/**
 * The trip's destination after its stops changed: one that was the stops' names joined (or the one
 * stop's) follows them; one the traveller wrote differently stays theirs.
 */
export function destinationAfterStops(
  destination: string,
  before: readonly TripStop[],
  after: readonly TripStop[],
): string {
  const followed =
    sameName(destination, joinStopNames(before.map((stop) => stop.destination))) ||
    (before.length === 1 && sameName(destination, before[0]!.destination));
  return followed ? joinStopNames(after.map((stop) => stop.destination)) : destination;
}
