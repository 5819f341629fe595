import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES } from "./constants.ts";
import type { Activity } from "./schemas/itinerary.ts";
import type { BookedActivity } from "./schemas/trip-bookings-input.ts";

/** A booking without a time (a whole-day calendar entry) starts the day. */
export const BOOKED_DEFAULT_TIME = "09:00";

// A ticket or a table says what it is better than its words: an opera's name rarely says "opera".
const MINUTES_BY_KIND: Partial<Record<BookedActivity["kind"], number>> = {
  event: 120,
  restaurant: 90,
};
const DEFAULT_MINUTES = 60;

/**
 * A booked event, table or calendar entry as an activity of its date, never matched to a place:
 * the one conversion behind the trip page's "Add to trip" and the new trip's "Create trip" / "Plan
 * the rest". `estimate` gives the length of a booking whose kind says nothing (the server's
 * estimator from its words); without it such a booking lasts an hour.
 */
/** Minutes from a start to an end on the same clock; an end before the start is after midnight. */
function minutesUntil(time: string, endTime: string | null | undefined): number | null {
  if (!endTime) return null;
  const at = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const minutes = (at(endTime) - at(time) + 24 * 60) % (24 * 60);
  return minutes >= MIN_DURATION_MINUTES && minutes <= MAX_DURATION_MINUTES ? minutes : null;
}

export function bookedActivity(
  input: Pick<BookedActivity, "time" | "activity" | "location" | "reference" | "kind"> & {
    endTime?: string | null | undefined;
  },
  {
    id,
    stopIndex,
    estimate,
  }: {
    id: string;
    stopIndex?: number;
    estimate?: (clues: { activity: string; location: string }) => number;
  },
): Activity {
  const location = input.location ?? input.activity;
  const time = input.time ?? BOOKED_DEFAULT_TIME;
  return {
    id,
    time,
    activity: input.activity,
    location,
    description: input.reference ? `Booking reference ${input.reference}` : "",
    cost: null,
    // The booking's own end first: a dinner booked 20:00–22:00 stays 20:00–22:00.
    durationMinutes:
      (input.time ? minutesUntil(input.time, input.endTime) : null) ??
      MINUTES_BY_KIND[input.kind] ??
      estimate?.({ activity: input.activity, location }) ??
      DEFAULT_MINUTES,
    lat: null,
    lng: null,
    why: null,
    osmId: null,
    openingHours: null,
    website: null,
    booked: true,
    ...(stopIndex === undefined ? {} : { stopIndex }),
  };
}
