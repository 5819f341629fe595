import { z } from "zod";
import { travelSchema } from "./travel.ts";
import {
  MAX_ACTIVITIES_PER_DAY,
  MAX_DURATION_MINUTES,
  MIN_DURATION_MINUTES,
  OSM_ID_PATTERN,
} from "../constants.ts";
import { safeText, storableDate } from "./safe-input.ts";
import { LOOKUP_FAILURES, LOOKUP_SERVICES } from "../service-failure.ts";
import { CUISINES, MEALS } from "../trip-party.ts";

/** A day of a trip: a real date PostgreSQL can store (editors and models send these too). */
export const isoDateSchema = storableDate("Date");

export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const timeSchema = z.string().regex(TIME_PATTERN, "Time must be HH:MM");

const DURATION_RANGE = `Duration must be between ${MIN_DURATION_MINUTES} and ${MAX_DURATION_MINUTES} minutes`;
/** How long an activity lasts, in whole minutes (the calendar, the realism checks and the day use it). */
export const durationSchema = z
  .number({ error: "Duration must be a number of minutes" })
  .int("Duration must be a whole number of minutes")
  .min(MIN_DURATION_MINUTES, DURATION_RANGE)
  .max(MAX_DURATION_MINUTES, DURATION_RANGE);

/**
 * What a model or a planner writes for one activity, before the server gives it an id and the place
 * fields. Model answers are validated against this (strict json_schema: every field required).
 */
export const activityDraftSchema = z.object({
  time: timeSchema,
  activity: safeText("Activity").trim().min(1).max(200),
  location: safeText("Location").trim().min(1).max(200),
  description: safeText("Description").trim().min(1).max(1000),
  cost: z.number().finite().nonnegative(),
  /** Optional: when absent the server estimates it from the activity's kind (activity-duration.ts). */
  durationMinutes: durationSchema.optional(),
});
export type ActivityDraft = z.infer<typeof activityDraftSchema>;

/**
 * A stored activity. `id` is assigned by the server and never changes; `cost: null` means unknown
 * (shown as "—", never counted as 0); `lat`/`lng` are null when the place is not located; `osmId`,
 * `openingHours` and `website` are null when the activity was not matched to an OpenStreetMap place.
 */
export const activitySchema = z.object({
  id: z.uuid(),
  time: timeSchema,
  activity: safeText("Activity").trim().min(1, "Activity is required").max(200),
  location: safeText("Location").trim().min(1, "Location is required").max(200),
  description: safeText("Description").trim().max(1000),
  cost: z.number().finite().nonnegative().max(1_000_000).nullable(),
  /** Always set on a stored activity: trips saved before it existed get an estimate when read. */
  durationMinutes: durationSchema,
  lat: z.number().min(-90).max(90).nullable(),
  lng: z.number().min(-180).max(180).nullable(),
  why: safeText().trim().max(200).nullable(),
  osmId: z.string().regex(OSM_ID_PATTERN).nullable(),
  openingHours: safeText("Opening hours").max(255).nullable(),
  /** The matched place's own website (http or https only), null when it has none or is unmatched. */
  website: z
    .url({ protocol: /^https?$/, error: "Website must be an http or https address" })
    .max(500)
    .nullable(),
  /**
   * Which of its day's stops (an index into the trip's `stops`) the activity is in. Absent on trips
   * saved before stops existed and on drafts: read it through `activityStopIndex` (trip-stop-days.ts).
   */
  stopIndex: z.number().int().min(0).max(7).optional(),
  /**
   * Set on an activity made from a booking (a ticket, a table, a calendar entry): it is fixed, and
   * a planned activity it repeats is offered for replacing (booking-fit.ts). Absent otherwise.
   */
  booked: z.literal(true).optional(),
  /**
   * The leg that reaches it from the one before (issue 46), computed by the server on every plan and
   * on the saves that touch it; null when it has none (first of a day without a stay, unplaced).
   * Absent on trips saved before routing existed.
   */
  travel: travelSchema.nullable().optional(),
  /** Set on a planned meal (issue 47): which one, so the day keeps breakfast, lunch and dinner. */
  meal: z.enum(MEALS).optional(),
  /** The cuisine a planned meal covers ("French"), one of CUISINES; absent when not known. */
  cuisine: z.enum(CUISINES).optional(),
});
export type Activity = z.infer<typeof activitySchema>;

/** A day may be empty after editing; generation still fills every day. */
export const daySchema = z.object({
  date: isoDateSchema,
  /**
   * The indexes of the stops this day touches, in order: `[0]`, `[0, 1]` on a transfer day, `[1]`.
   * Absent on trips saved before stops existed (one stop): read it through `dayStopIndexes`.
   */
  stops: z.array(z.number().int().min(0).max(7)).min(1).max(2).optional(),
  activities: z
    .array(activitySchema)
    .max(MAX_ACTIVITIES_PER_DAY, `At most ${MAX_ACTIVITIES_PER_DAY} activities a day`),
});
export type Day = z.infer<typeof daySchema>;

export const itinerarySchema = z.object({ days: z.array(daySchema).min(1) });
export type Itinerary = z.infer<typeof itinerarySchema>;

/** Where the trip goes, resolved when it is generated (null when the destination was not found). */
export const tripPlaceSchema = z.object({
  name: z.string(),
  country: z.string(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  timezone: z.string(),
  /**
   * ISO 4217 code of the money paid there, from the country ("EUR" for France). Absent on places
   * stored before it existed (derived when read) and when the country is unknown.
   */
  currency: z.string().optional(),
});
export type TripPlace = z.infer<typeof tripPlaceSchema>;

export const GROUNDING_STATUSES = ["verified", "partial", "unavailable", "off"] as const;
/** How many of the trip's activities were matched to real OpenStreetMap places, and why not. */
export const groundingSchema = z.object({
  status: z.enum(GROUNDING_STATUSES),
  verified: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  reason: z.string().nullable(),
  /**
   * Set when a service failed (rather than answering "nothing found"): which one and how, so the
   * page (the map) can tell "not found" from "could not be asked". Absent on older trips.
   */
  serviceFailure: z
    .object({ service: z.enum(LOOKUP_SERVICES), reason: z.enum(LOOKUP_FAILURES) })
    .optional(),
});
export type Grounding = z.infer<typeof groundingSchema>;
export const GROUNDING_OFF: Grounding = { status: "off", verified: 0, total: 0, reason: null };
