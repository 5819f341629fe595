import { randomUUID } from "node:crypto";
import type { Activity, Day, Itinerary } from "#shared/schemas/itinerary.ts";
import type { BookedActivity } from "#shared/schemas/trip-bookings-input.ts";
import type { Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { minutesOf, transferOn } from "#shared/transfer-day.ts";
import { tripDates } from "#shared/trip-dates.ts";
import { stopIndexesOn, withStopIndexes } from "#shared/trip-stop-days.ts";
import { estimateDurationMinutes } from "./activity-duration.ts";
import {
  BOOKED_DEFAULT_TIME,
  bookedActivity as sharedBookedActivity,
} from "#shared/booked-activity.ts";

/** A booked event, table or calendar entry as an activity, its length estimated from its words. */
const bookedActivity = (input: BookedActivity, stopIndex?: number): Activity =>
  sharedBookedActivity(input, { id: randomUUID(), stopIndex, estimate: estimateDurationMinutes });

/**
 * Which of its day's stops a booking is in: on a transfer day the city being left until the
 * journey arrives, the next one from then on (the journey's own times when it is booked).
 */
function bookedStopIndex(
  stops: readonly TripStop[],
  transport: readonly Transport[],
  date: string,
  time: string,
): number {
  const touched = stopIndexesOn(stops, date);
  const transfer = transferOn(date, stops, transport);
  if (!transfer) return touched[0] ?? 0;
  return minutesOf(time) >= transfer.arrival ? transfer.to : transfer.from;
}

/**
 * Every date of the trip with its stops and only its booked activities, in time order: what
 * "Create trip" saves, and what "Plan the rest" plans around.
 */
export function bookedItinerary(
  stops: readonly TripStop[],
  transport: readonly Transport[],
  activities: readonly BookedActivity[],
): Itinerary {
  const first = stops[0];
  const last = stops[stops.length - 1];
  if (!first || !last) return { days: [] };
  const days = tripDates(first.startDate, last.endDate).map((date): Day => ({
    date,
    activities: activities
      .filter((a) => a.date === date)
      .map((a) =>
        bookedActivity(a, bookedStopIndex(stops, transport, date, a.time ?? BOOKED_DEFAULT_TIME)),
      )
      .sort((a, b) => a.time.localeCompare(b.time)),
  }));
  return withStopIndexes({ days }, stops);
}
