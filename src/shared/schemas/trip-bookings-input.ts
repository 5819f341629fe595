import { z } from "zod";
import { TIME_PATTERN } from "./itinerary.ts";
import { safeText, storableDate } from "./safe-input.ts";
import { MAX_STAYS, MAX_TRANSPORT, stayInputSchema, transportInputSchema } from "./trip-stops.ts";

/** How many booked events, tables and calendar entries one new trip may start with. */
export const MAX_BOOKED_ACTIVITIES = 60;

export const BOOKED_ACTIVITY_KINDS = ["event", "restaurant", "car", "calendar", "other"] as const;

/**
 * A booked event, table or calendar entry as a client sends it with a new trip (the import's
 * `proposal.activities` items, as the traveller ticked them). It becomes an activity of its date
 * at its time (09:00 when the booking gives none).
 */
export const bookedActivityInputSchema = z.object({
  date: storableDate("Date"),
  time: z.string().regex(TIME_PATTERN, "Time must be HH:MM").nullable().default(null),
  /** When it ends (a calendar entry's end): its length; null when the booking does not say. */
  endTime: z.string().regex(TIME_PATTERN, "End time must be HH:MM").nullable().default(null),
  activity: safeText("Activity", { error: "Activity is required" })
    .trim()
    .min(1, "Activity is required")
    .max(200, "Activity must be at most 200 characters"),
  location: safeText("Location")
    .trim()
    .max(200, "Location must be at most 200 characters")
    .nullable()
    .default(null)
    .transform((value) => (value === "" ? null : value)),
  reference: safeText("Reference")
    .trim()
    .max(100, "Reference must be at most 100 characters")
    .nullable()
    .default(null)
    .transform((value) => (value === "" ? null : value)),
  kind: z.enum(BOOKED_ACTIVITY_KINDS).default("other"),
});
export type BookedActivityInput = z.input<typeof bookedActivityInputSchema>;
export type BookedActivity = z.output<typeof bookedActivityInputSchema>;

/**
 * `POST /api/trips` `bookings`: what a new trip starts with, from "Add bookings" on Home. Journeys
 * and stays take the same input as PATCH's `transport` and `stays`; the planner fills the rest
 * around them (`planRest`, trip-request.ts).
 */
export const tripBookingsInputSchema = z.object({
  transport: z
    .array(transportInputSchema)
    .max(MAX_TRANSPORT, `A trip can have at most ${MAX_TRANSPORT} journeys`)
    .default([]),
  stays: z
    .array(stayInputSchema)
    .max(MAX_STAYS, `A trip can have at most ${MAX_STAYS} stays`)
    .default([]),
  activities: z
    .array(bookedActivityInputSchema)
    .max(
      MAX_BOOKED_ACTIVITIES,
      `A trip can start with at most ${MAX_BOOKED_ACTIVITIES} booked activities`,
    )
    .default([]),
});
export type TripBookingsInput = z.input<typeof tripBookingsInputSchema>;
export type TripBookings = z.output<typeof tripBookingsInputSchema>;
