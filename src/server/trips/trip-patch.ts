import type { z } from "zod";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { itinerarySchema } from "#shared/schemas/itinerary.ts";
import { withoutStaleDayFacts } from "#shared/day-facts.ts";
import type { tripPatchSchema } from "#shared/schemas/trip-edit.ts";
import { MAX_TRIP_DAYS } from "#shared/schemas/trip-request.ts";
import { daysBetween, refitDays, shiftDate, tripDates } from "#shared/trip-dates.ts";
import type { TripRow } from "../db/schema.ts";
import { AppError } from "../lib/http-errors.ts";
import { reconcileItinerary, type Reconciled } from "./reconcile-activities.ts";

export type TripPatchInput = z.output<typeof tripPatchSchema>;

export const PATCH_MESSAGES = {
  endBeforeStart: "End date cannot be before start date",
  tooLong: `Trips can be at most ${MAX_TRIP_DAYS} days long`,
  daysMismatch: "Days must be the trip's dates, in order",
} as const;

const invalid = (message: string) => new AppError(422, "invalid_input", message);

export type PatchedTrip = {
  values: Pick<
    TripRow,
    | "name"
    | "destination"
    | "startDate"
    | "endDate"
    | "budget"
    | "travelStyle"
    | "interests"
    | "itinerary"
  >;
  relocated: Reconciled["relocated"];
};

/**
 * What the trip becomes after a change (nothing is written here). Moving the start date alone shifts
 * every day (the length stays); a new length adds empty days at the end or drops the last ones. A
 * sent itinerary must list exactly the dates after the change, in order.
 */
export function applyTripPatch(row: TripRow, patch: TripPatchInput): PatchedTrip {
  const startDate = patch.startDate ?? row.startDate;
  const length = daysBetween(row.startDate, row.endDate);
  const endDate =
    patch.endDate ?? (patch.startDate ? shiftDate(patch.startDate, length) : row.endDate);
  if (daysBetween(startDate, endDate) < 0) throw invalid(PATCH_MESSAGES.endBeforeStart);
  if (daysBetween(startDate, endDate) >= MAX_TRIP_DAYS) throw invalid(PATCH_MESSAGES.tooLong);
  const dates = tripDates(startDate, endDate);

  let itinerary: Itinerary;
  let relocated: Reconciled["relocated"] = [];
  if (patch.itinerary) {
    const sent = patch.itinerary.days;
    if (sent.length !== dates.length || sent.some((day, i) => day.date !== dates[i]))
      throw invalid(PATCH_MESSAGES.daysMismatch);
    ({ itinerary, relocated } = reconcileItinerary(row.itinerary, sent));
  } else {
    itinerary = refitDays(row.itinerary, dates);
  }
  // The last gate: the stored shape, whatever path the days took.
  const checked = itinerarySchema.safeParse(itinerary);
  if (!checked.success) throw invalid(checked.error.issues[0]?.message ?? "Invalid itinerary");

  return {
    values: {
      name: patch.name ?? row.name,
      destination: patch.destination ?? row.destination,
      startDate,
      endDate,
      budget: patch.budget ?? row.budget,
      travelStyle: patch.travelStyle ?? row.travelStyle,
      interests: patch.interests ?? row.interests,
      // Saved without dates or hours in its descriptions, however old the text it came from.
      itinerary: withoutStaleDayFacts(checked.data),
    },
    relocated,
  };
}
