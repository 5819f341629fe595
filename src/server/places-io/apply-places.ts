import { randomUUID } from "node:crypto";
import { MAX_ACTIVITIES_PER_DAY } from "#shared/constants.ts";
import { itinerarySchema, type Activity, type Itinerary } from "#shared/schemas/itinerary.ts";
import {
  PLACES_IO_MESSAGES,
  type ApplyPlacesResult,
  type ImportedPlace,
} from "#shared/schemas/places-io.ts";
import type { Db } from "../db/database.ts";
import type { TripRow } from "../db/schema.ts";
import { AppError } from "../lib/http-errors.ts";
import { estimateDurationMinutes } from "../planner/activity-duration.ts";
import { groundingAfterEdit } from "../trips/grounding-upkeep.ts";
import { findTripFor, type TripFor } from "../trips/trip-access.ts";
import { saveTripVersion } from "../trips/trip-save.ts";
import { comparableActivity } from "./import-preview.ts";
import { samePlace } from "./same-place.ts";

const SAVE_ATTEMPTS = 5;
const FIRST_TIME = 9 * 60;
const LAST_TIME = 22 * 60;

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** When the next added activity starts: after the day's last one ends, from 09:00, by 22:00. */
function nextTime(activities: Activity[]): number {
  const ends = activities.map((a) => minutesOf(a.time) + a.durationMinutes);
  return Math.min(LAST_TIME, Math.max(FIRST_TIME, ...ends));
}

/** A new activity from an imported place: its title and note as the traveller has them. */
function activityOf(place: ImportedPlace, time: number): Activity {
  const location = place.address ?? place.title;
  return {
    id: randomUUID(),
    time: hhmm(time),
    activity: place.title,
    location,
    description: place.note ?? "",
    cost: null,
    durationMinutes: estimateDurationMinutes({
      activity: place.title,
      description: place.note ?? "",
      location,
    }),
    lat: place.lat,
    lng: place.lng,
    why: null,
    osmId: place.osmId,
    openingHours: null,
    website: place.url,
  };
}

/**
 * The places on the trip's plan: a place the trip already has (same OSM place, link, or name within
 * 50 m, checked again against the plan as it is now) only fills what that activity lacks — its
 * title and notes are never replaced; the others become activities of `date`, then of the days
 * after it when that one is full. Ideas (issue 49) will take them instead when they land.
 */
export function placesOnPlan(
  itinerary: Itinerary,
  date: string,
  places: ImportedPlace[],
): { itinerary: Itinerary; added: number; merged: number } {
  const days = itinerary.days.map((day) => ({ ...day, activities: [...day.activities] }));
  const first = days.findIndex((day) => day.date === date);
  if (first < 0) throw new AppError(422, "invalid_input", PLACES_IO_MESSAGES.dayNotInTrip);
  let added = 0;
  let merged = 0;
  let dayAt = first;
  for (const place of places) {
    let twin: { day: number; index: number } | null = null;
    days.forEach((day, d) =>
      day.activities.forEach((a, index) => {
        if (!twin && (a.id === place.duplicateOf || samePlace(comparableActivity(a), place)))
          twin = { day: d, index };
      }),
    );
    if (twin) {
      const { day: d, index } = twin;
      const activity = days[d]!.activities[index]!;
      const locate = activity.lat === null && place.lat !== null && place.lng !== null;
      days[d]!.activities[index] = {
        ...activity,
        ...(locate ? { lat: place.lat, lng: place.lng } : {}),
        osmId: activity.osmId ?? place.osmId,
        website: activity.website ?? place.url,
      };
      merged += 1;
      continue;
    }
    while ((days[dayAt]?.activities.length ?? 0) >= MAX_ACTIVITIES_PER_DAY) dayAt += 1;
    const day = days[dayAt];
    if (!day) throw new AppError(422, "invalid_input", PLACES_IO_MESSAGES.dayFull);
    day.activities.push(activityOf(place, nextTime(day.activities)));
    added += 1;
  }
  const checked = itinerarySchema.safeParse({ days });
  if (!checked.success)
    throw new AppError(422, "invalid_input", checked.error.issues[0]?.message ?? "Invalid places");
  return { itinerary: checked.data, added, merged };
}

/**
 * Saves the places on the trip as its next version (merged again when a companion saved first)
 * and tells the trip's open pages.
 */
export async function applyPlaces(
  deps: { db: Db; publishChange: (tripId: string, version: number) => Promise<void> },
  userId: string,
  tripId: string,
  request: { date: string; places: ImportedPlace[] },
): Promise<ApplyPlacesResult & { row: TripRow; access: TripFor }> {
  for (let attempt = 0; attempt < SAVE_ATTEMPTS; attempt++) {
    const found = await findTripFor(deps.db, userId, tripId, "edit");
    const { row } = found;
    const { itinerary, added, merged } = placesOnPlan(row.itinerary, request.date, request.places);
    const summary =
      added === 1
        ? "Added 1 saved place"
        : `Added ${added} saved places` + (merged ? ` (${merged} already on the trip)` : "");
    const updated = await saveTripVersion(
      deps.db,
      row,
      { itinerary, grounding: groundingAfterEdit(row.grounding, itinerary) },
      userId,
      summary,
    );
    if (updated) {
      await deps.publishChange(tripId, updated.version);
      return { added, merged, row: updated, access: found };
    }
  }
  throw new AppError(409, "conflict", "The trip changed while the places were added. Try again.");
}
