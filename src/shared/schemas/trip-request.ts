import { z } from "zod";
import {
  DEFAULT_TRAVEL_STYLE,
  DESTINATION_MAX_LENGTH,
  INTERESTS,
  TRAVEL_STYLES,
} from "../constants.ts";
import { daysBetween } from "../trip-dates.ts";
import { safeText, storableDate } from "./safe-input.ts";

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

/** The planning form and `POST /api/trips` share this schema: the same rules, the same messages. */
export const tripRequestSchema = z
  .object({
    destination: safeText("Destination", { error: "Destination is required" })
      .trim()
      .min(1, "Destination is required")
      .max(
        DESTINATION_MAX_LENGTH,
        `Destination must be at most ${DESTINATION_MAX_LENGTH} characters`,
      ),
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
  })
  // `when` lets the date rules speak even while another field (say, the budget) is still wrong.
  .refine((v) => daysBetween(v.startDate, v.endDate) >= 0, {
    path: ["endDate"],
    message: "End date cannot be before start date",
    when: (payload) => datesPresent.safeParse(payload.value).success,
  })
  .refine((v) => daysBetween(v.startDate, v.endDate) < MAX_TRIP_DAYS, {
    path: ["endDate"],
    message: `Trips can be at most ${MAX_TRIP_DAYS} days long`,
    when: (payload) => {
      const dates = datesPresent.safeParse(payload.value);
      return dates.success && daysBetween(dates.data.startDate, dates.data.endDate) >= 0;
    },
  });

export type TripRequestInput = z.input<typeof tripRequestSchema>;
export type TripRequest = z.output<typeof tripRequestSchema>;
