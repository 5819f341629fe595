import type { TripEditableField } from "#shared/trip-fields.ts";
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
import { staysAfterStops, staysFromPatch, transportFromPatch } from "../bookings/trip-bookings.ts";
import {
  destinationAfterStops,
  moveDaysWithStops,
  stopsForDates,
  stopsFromPatch,
} from "./trip-stop-edits.ts";
import { withStopIndexes } from "#shared/trip-stop-days.ts";

export type TripPatchInput = z.output<typeof tripPatchSchema>;

export const PATCH_MESSAGES = {
  endBeforeStart: "End date cannot be before start date",
  tooLong: `Trips can be at most ${MAX_TRIP_DAYS} days long`,
  daysMismatch: "Days must be the trip's dates, in order",
} as const;

/** The stops sent with an end date they do not reach: both numbers, as on the plan form. */
const stopsNightsMismatch = (sum: number, nights: number) =>
  `The stops' nights add up to ${sum}; this trip has ${nights}`;

const invalid = (message: string) => new AppError(422, "invalid_input", message);

export type PatchedTrip = {
  values: Pick<TripRow, TripEditableField | "travelMode" | "legModes">;
  /** Legs to route again whatever changed: the one given a mode, or every one after new preferences. */
  routeForce: Set<string> | "all";
  relocated: Reconciled["relocated"];
  /** Stops (by id) whose city is new or renamed: their places are resolved with the geocoder. */
  stopsToPlace: Set<string>;
  /** Stays (by id) that are new or moved and were sent without coordinates: located like activities. */
  staysToLocate: Set<string>;
};

/**
 * What the trip becomes after a change (nothing is written here). Moving the start date alone shifts
 * every day (the length stays); a new length adds empty days at the end or drops the last ones. A
 * sent itinerary must list exactly the dates after the change, in order.
 */
export function applyTripPatch(row: TripRow, patch: TripPatchInput): PatchedTrip {
  const startDate = patch.startDate ?? row.startDate;
  const length = daysBetween(row.startDate, row.endDate);
  let stops = row.stops;
  let stopsToPlace = new Set<string>();
  let endDate: string;
  if (patch.stops) {
    // The stops' nights make the trip's length; an end date sent with them must agree.
    ({ stops, needsPlace: stopsToPlace } = stopsFromPatch(row.stops, patch.stops, startDate));
    endDate = stops[stops.length - 1]!.endDate;
    if (patch.endDate && patch.endDate !== endDate)
      throw invalid(
        stopsNightsMismatch(daysBetween(startDate, endDate), daysBetween(startDate, patch.endDate)),
      );
  } else {
    endDate = patch.endDate ?? (patch.startDate ? shiftDate(patch.startDate, length) : row.endDate);
  }
  if (daysBetween(startDate, endDate) < 0) throw invalid(PATCH_MESSAGES.endBeforeStart);
  if (daysBetween(startDate, endDate) >= MAX_TRIP_DAYS) throw invalid(PATCH_MESSAGES.tooLong);
  if (!patch.stops) stops = stopsForDates(row.stops, startDate, endDate);
  const destination = patch.stops
    ? (patch.destination ?? destinationAfterStops(row.destination, row.stops, stops))
    : (patch.destination ?? row.destination);
  // A one-stop trip's stop is its destination: renamed with it, its place resolved with it.
  if (!patch.stops && stops.length === 1 && patch.destination && stops[0]) {
    if (stops[0].destination !== patch.destination) stopsToPlace = new Set([stops[0].id]);
    stops = [{ ...stops[0], destination: patch.destination }];
  }
  const dates = tripDates(startDate, endDate);

  let itinerary: Itinerary;
  let relocated: Reconciled["relocated"] = [];
  if (patch.itinerary) {
    const sent = patch.itinerary.days;
    if (sent.length !== dates.length || sent.some((day, i) => day.date !== dates[i]))
      throw invalid(PATCH_MESSAGES.daysMismatch);
    ({ itinerary, relocated } = reconcileItinerary(row.itinerary, sent));
  } else if (patch.stops) {
    itinerary = moveDaysWithStops(row.itinerary, row.stops, stops);
  } else {
    itinerary = {
      days: refitDays(row.itinerary, dates).days.map((day, i) => ({
        ...day,
        ...(row.itinerary.days[i]?.stops ? { stops: row.itinerary.days[i].stops } : {}),
      })),
    };
  }
  // Every day in its stops and every activity in one of them, whatever path the days took.
  itinerary = withStopIndexes(itinerary, stops);
  // The last gate: the stored shape, whatever path the days took.
  const checked = itinerarySchema.safeParse(itinerary);
  if (!checked.success) throw invalid(checked.error.issues[0]?.message ?? "Invalid itinerary");

  const transport = patch.transport
    ? transportFromPatch(row.transport, patch.transport, stops)
    : row.transport;
  let stays = patch.stops ? staysAfterStops(row.stays, row.stops, stops) : row.stays;
  let staysToLocate = new Set<string>();
  if (patch.stays)
    ({ stays, needsLocation: staysToLocate } = staysFromPatch(row.stays, patch.stays, stops));

  let legModes = row.legModes ?? {};
  let routeForce: Set<string> | "all" = patch.travelMode ? "all" : new Set<string>();
  if (patch.setLegMode) {
    const { activityId, mode } = patch.setLegMode;
    if (!checked.data.days.some((day) => day.activities.some((a) => a.id === activityId)))
      throw invalid(`Unknown activity "${activityId}"`);
    legModes = { ...legModes, [activityId]: mode };
    if (routeForce !== "all") routeForce = new Set([activityId]);
  }
  // A mode chosen for an activity no longer in the trip goes with it.
  const ids = new Set(checked.data.days.flatMap((day) => day.activities.map((a) => a.id)));
  legModes = Object.fromEntries(Object.entries(legModes).filter(([id]) => ids.has(id)));

  return {
    routeForce,
    values: {
      name: patch.name ?? row.name,
      destination,
      startDate,
      endDate,
      budget: patch.budget ?? row.budget,
      travelStyle: patch.travelStyle ?? row.travelStyle,
      interests: patch.interests ?? row.interests,
      // Saved without dates or hours in its descriptions, however old the text it came from.
      itinerary: withoutStaleDayFacts(checked.data),
      stops,
      transport,
      stays,
      travelMode: patch.travelMode ?? row.travelMode,
      legModes,
    },
    relocated,
    stopsToPlace,
    staysToLocate,
  };
}
