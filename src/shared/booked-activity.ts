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
export function bookedActivity(
  input: Pick<BookedActivity, "time" | "activity" | "location" | "reference" | "kind">,
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
  return {
    id,
    time: input.time ?? BOOKED_DEFAULT_TIME,
    activity: input.activity,
    location,
    description: input.reference ? `Booking reference ${input.reference}` : "",
    cost: null,
    durationMinutes:
      MINUTES_BY_KIND[input.kind] ??
      estimate?.({ activity: input.activity, location }) ??
      DEFAULT_MINUTES,
    lat: null,
    lng: null,
    why: null,
    osmId: null,
    openingHours: null,
    website: null,
    ...(stopIndex === undefined ? {} : { stopIndex }),
  };
}
