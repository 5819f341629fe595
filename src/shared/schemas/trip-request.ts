import { z } from "zod";
import {
  DEFAULT_TRAVEL_STYLE,
  DESTINATION_MAX_LENGTH,
  INTERESTS,
  TRAVEL_STYLES,
} from "../constants.ts";
import { daysBetween } from "../trip-dates.ts";
import { safeText, storableDate } from "./safe-input.ts";
import { stopsRequestSchema } from "./trip-stops.ts";
import { tripBookingsInputSchema } from "./trip-bookings-input.ts";
import { joinStopNames } from "../trip-stop-days.ts";
import { partyRequestFields } from "./trip-party.ts";

export const MAX_TRIP_DAYS = 30;
export const MIN_BUDGET_USD = 1;
export const MAX_BUDGET_USD = 1_000_000;

/** Whole cents, allowing for binary floating point (12.34 * 100 is 1233.9999999999998). */
const hasAtMostTwoDecimals = (value: number) =>
  Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const requiredDate = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .pipe(storableDate(label));

const datesPresent = z.object({ startDate: z.iso.date(), endDate: z.iso.date() });

export const destinationSchema = safeText("Destination", { error: "Destination is required" })
  .trim()
  .min(1, "Destination is required")
  .max(DESTINATION_MAX_LENGTH, `Destination must be at most ${DESTINATION_MAX_LENGTH} characters`);

/** What is wrong with a request's destination, or null: it may be empty only when there are stops. */
function destinationIssue(input: unknown): string | null {
  const { destination, stops } = (typeof input === "object" && input !== null ? input : {}) as {
    destination?: unknown;
    stops?: unknown;
  };
  const empty =
    destination === undefined || (typeof destination === "string" && !destination.trim());
  if (empty && Array.isArray(stops)) return null;
  const checked = destinationSchema.safeParse(destination);
  return checked.success ? null : (checked.error.issues[0]?.message ?? "Destination is required");
}

const stopNightsSum = (stops: readonly { nights: number }[]) =>
  stops.reduce((sum, stop) => sum + stop.nights, 0);

/** "The stops' nights add up to 2; this trip has 4": what is wrong with the stops' nights. */
export function stopsNightsMessage(input: unknown): string {
  const { stops, startDate, endDate } = (input ?? {}) as {
    stops?: { nights: number }[];
    startDate?: string;
    endDate?: string;
  };
  const sum = stopNightsSum(stops ?? []);
  const nights = startDate && endDate ? daysBetween(startDate, endDate) : 0;
  return `The stops' nights add up to ${sum}; this trip has ${nights}`;
}

/**
 * The planning form and `POST /api/trips` share this schema: the same rules, the same messages.
 * With `stops` (1 to 8 cities with their nights, adding up to the trip's nights) `destination` may be
 * left out: it becomes the cities joined ("Paris → Lyon"). Without `stops` the trip is one stop.
 */
export const tripRequestObjectSchema = z
  .object({
    destination: z.string().optional(),
    stops: stopsRequestSchema.optional(),
    startDate: requiredDate("Start date"),
    endDate: requiredDate("End date"),
    budget: z
      .number({
        error: (issue) =>
          issue.input === undefined || Number.isNaN(issue.input)
            ? "Budget is required"
            : "Budget must be a number",
      })
      .min(MIN_BUDGET_USD, "Budget must be at least 1 USD")
      .max(MAX_BUDGET_USD, "Budget must be at most 1,000,000 USD")
      // The column keeps cents: 0.004 would silently become 0.
      .refine(hasAtMostTwoDecimals, "Budget can have at most two decimals"),
    travelStyle: z
      .enum(TRAVEL_STYLES, { error: "Choose luxury, comfort or budget" })
      .default(DEFAULT_TRAVEL_STYLE),
    interests: z
      .array(z.enum(INTERESTS, { error: "Unknown interest" }))
      .max(INTERESTS.length)
      .default([])
      .transform((list) => [...new Set(list)]),
    /**
     * What the trip starts with from "Add bookings" on Home: journeys, stays and booked activities,
     * saved with the trip. Booked activities must fall on the trip's dates.
     */
    bookings: tripBookingsInputSchema.optional(),
    /**
     * With `false` the planner is not asked: the days hold only the booked activities ("Create
     * trip"). Absent or `true`, the planner fills the free time around the bookings ("Plan
     * the rest"): nothing planned overlaps a booked activity or a journey.
     */
    planRest: z.boolean({ error: "planRest must be true or false" }).optional(),
    /**
     * The whole trip (issue 47): `origin` (the journey out and home), `travellers` (1–20),
     * `lodging` ({ kind, needs }), `cuisines`, `avoid`. Left out: one traveller, no journey from home.
     */
    ...partyRequestFields,
  })
  // Checked here rather than on the field, since the rule depends on whether there are stops, and
  // always (`when`), so a missing destination is named beside the other fields' errors.
  .refine((value) => destinationIssue(value) === null, {
    path: ["destination"],
    error: (issue) => destinationIssue(issue.input) ?? "Destination is required",
    when: () => true,
  })
  // `when` lets the date rules speak even while another field (say, the budget) is still wrong.
  .refine((v) => !v.stops || stopNightsSum(v.stops) === daysBetween(v.startDate, v.endDate), {
    path: ["stops"],
    // Both numbers named, so the traveller sees which way to change the nights.
    error: (issue) => stopsNightsMessage(issue.input),
    when: (payload) =>
      datesPresent.safeParse(payload.value).success &&
      stopsRequestSchema.safeParse((payload.value as { stops?: unknown }).stops).success,
  })
  .refine((v) => daysBetween(v.startDate, v.endDate) >= 0, {
    path: ["endDate"],
    message: "End date cannot be before start date",
    when: (payload) => datesPresent.safeParse(payload.value).success,
  })
  .refine(
    (v) =>
      (v.bookings?.activities ?? []).every((a) => a.date >= v.startDate && a.date <= v.endDate),
    {
      path: ["bookings", "activities"],
      message: "Booked activities must fall within the trip's dates",
      when: (payload) => datesPresent.safeParse(payload.value).success,
    },
  )
  .refine((v) => daysBetween(v.startDate, v.endDate) < MAX_TRIP_DAYS, {
    path: ["endDate"],
    message: `Trips can be at most ${MAX_TRIP_DAYS} days long`,
    when: (payload) => {
      const dates = datesPresent.safeParse(payload.value);
      return dates.success && daysBetween(dates.data.startDate, dates.data.endDate) >= 0;
    },
  });

/** The request as the planner uses it: a destination always, and the stops when there are several. */
export const tripRequestSchema = tripRequestObjectSchema.transform((value) => ({
  ...value,
  destination:
    value.destination === undefined || value.destination.trim() === ""
      ? joinStopNames((value.stops ?? []).map((stop) => stop.destination))
      : value.destination.trim(),
}));

export type TripRequestInput = z.input<typeof tripRequestSchema>;
export type TripRequest = z.output<typeof tripRequestSchema>;
