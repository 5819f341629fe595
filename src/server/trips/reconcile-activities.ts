import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Activity, Day, Itinerary } from "#shared/schemas/itinerary.ts";
import { UNPLACED, type PlaceFields } from "#shared/place-fields.ts";
import type { dayInputSchema } from "#shared/schemas/trip-edit.ts";
import { estimateDurationMinutes } from "../planner/activity-duration.ts";

type DayInput = z.output<typeof dayInputSchema>;
type ActivityInput = DayInput["activities"][number];

const placeOf = (a: PlaceFields): PlaceFields => ({
  lat: a.lat,
  lng: a.lng,
  why: a.why,
  osmId: a.osmId,
  openingHours: a.openingHours,
  website: a.website,
});

const hasPlace = (a: PlaceFields) => (a.lat !== null && a.lng !== null) || a.osmId !== null;
const samePlace = (a: PlaceFields, b: PlaceFields) =>
  a.lat === b.lat &&
  a.lng === b.lng &&
  a.osmId === b.osmId &&
  a.openingHours === b.openingHours &&
  a.website === b.website;
const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

const mealOf = (meal: Activity["meal"], cuisine: Activity["cuisine"]) => ({
  ...(meal ? { meal } : {}),
  ...(cuisine ? { cuisine } : {}),
});

const stopOf = (stopIndex: number | undefined) => (stopIndex === undefined ? {} : { stopIndex });

export type Reconciled = {
  itinerary: Itinerary;
  /**
   * Activities whose location text changed, or that are new, and carry no place: the ones the
   * geocoder and the place matcher look up (trip-places.ts, match-edited-places.ts).
   */
  relocated: Activity[];
};

/**
 * One activity as the client sent it, against what was stored under its id.
 * - No id, or an id this trip does not know (or one already used in this change): a new activity
 *   with a fresh id and whatever place the client picked (relocated when it picked none).
 * - `durationMinutes` left out keeps the stored one, or is estimated for a new activity.
 * - A known id keeps its id. Its place (lat/lng/osmId/openingHours/why) stays while its location
 *   text is the same; when the text changed the place is cleared (its `why` stays), unless the
 *   client sent a different place with it (a pin placed by hand, a place picked from a list), which
 *   is then taken as sent. The route then looks relocated ones up and checks every pin's distance.
 */
export function reconcileActivity(
  input: ActivityInput,
  previous: Activity | undefined,
): { activity: Activity; relocated: boolean } {
  const text = {
    time: input.time,
    activity: input.activity,
    location: input.location,
    description: input.description,
    cost: input.cost,
    // Left out: the stored length stays; a new activity (or one stored without) gets an estimate.
    durationMinutes:
      input.durationMinutes ?? previous?.durationMinutes ?? estimateDurationMinutes(input),
    // The stop it is in, as sent or as stored (checked against its day's stops after the edit).
    ...stopOf(input.stopIndex ?? previous?.stopIndex),
    // Made from a booking: stays marked as such through every edit (booking-fit.ts).
    ...(input.booked || previous?.booked ? { booked: true as const } : {}),
    // A planned meal and its cuisine (issue 47), as sent or as stored: an edit keeps "Dinner · Italian".
    ...mealOf(input.meal ?? previous?.meal, input.cuisine ?? previous?.cuisine),
  };
  if (!previous) {
    // A new activity with no place picked is looked up like a changed location.
    return {
      activity: { id: randomUUID(), ...text, ...placeOf(input) },
      relocated: !hasPlace(input),
    };
  }
  const picked = hasPlace(input) && !samePlace(input, previous);
  const moved = !sameText(input.location, previous.location);
  // A new location loses its coordinates and OpenStreetMap match, not the reason it is in the plan.
  const place = picked
    ? placeOf(input)
    : moved
      ? { ...UNPLACED, why: previous.why }
      : placeOf(previous);
  return {
    activity: { id: previous.id, ...text, ...place },
    relocated: moved && !picked,
  };
}

/** The stored day's stops, so an activity without a stop reads as in its day's first one. */
const stopsOf = (stored: Itinerary, date: string) => {
  const stops = stored.days.find((day) => day.date === date)?.stops;
  return stops ? { stops } : {};
};

/** Every day's activities reconciled against the stored itinerary (ids are looked up trip-wide). */
export function reconcileItinerary(stored: Itinerary, days: DayInput[]): Reconciled {
  const known = new Map<string, Activity>();
  for (const day of stored.days) for (const a of day.activities) known.set(a.id, a);
  const used = new Set<string>();
  const relocated: Activity[] = [];
  const result: Day[] = days.map((day) => ({
    ...stopsOf(stored, day.date),
    date: day.date,
    activities: day.activities.map((input) => {
      const previous = input.id && !used.has(input.id) ? known.get(input.id) : undefined;
      const { activity, relocated: moved } = reconcileActivity(input, previous);
      used.add(activity.id);
      if (moved) relocated.push(activity);
      return activity;
    }),
  }));
  return { itinerary: { days: result }, relocated };
}
