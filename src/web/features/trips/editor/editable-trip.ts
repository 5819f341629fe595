import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import type { TripPatch } from "#shared/schemas/trip-edit.ts";
import { refitDays, tripDates } from "#shared/trip-dates.ts";
import type { Trip } from "#shared/schemas/trip.ts";

/** What the traveller can change: everything a PATCH may carry. */
export type EditableTrip = Pick<
  Trip,
  "destination" | "startDate" | "endDate" | "budget" | "travelStyle" | "interests" | "itinerary"
>;
export type TripFacts = Omit<EditableTrip, "itinerary">;
export type ActivityFields = Pick<
  Activity,
  "time" | "activity" | "location" | "description" | "cost"
>;

/** A change as a function of the trip it is applied to, so it can be applied again on a newer one. */
export type TripChange = { label: string; apply: (trip: EditableTrip) => EditableTrip };

export const toEditable = (trip: EditableTrip): EditableTrip => ({
  destination: trip.destination,
  startDate: trip.startDate,
  endDate: trip.endDate,
  budget: trip.budget,
  travelStyle: trip.travelStyle,
  interests: trip.interests,
  itinerary: trip.itinerary,
});

/** The PATCH body for a whole editable state, based on `version`. */
export const toPatch = (
  trip: EditableTrip,
  version: number,
  reason?: TripPatch["reason"],
): TripPatch => ({
  version,
  ...toEditable(trip),
  interests: trip.interests as TripPatch["interests"],
  ...(reason ? { reason } : {}),
});

const mapDays = (trip: EditableTrip, change: (day: Day) => Day): EditableTrip => ({
  ...trip,
  itinerary: { days: trip.itinerary.days.map(change) },
});

export const updateActivity = (id: string, fields: Partial<Activity>): TripChange => ({
  label: "Edit activity",
  apply: (trip) =>
    mapDays(trip, (day) => ({
      ...day,
      activities: day.activities.map((a) => (a.id === id ? { ...a, ...fields } : a)),
    })),
});

export const addActivity = (date: string, activity: Activity): TripChange => ({
  label: "Add activity",
  apply: (trip) =>
    mapDays(trip, (day) =>
      day.date === date ? { ...day, activities: [...day.activities, activity] } : day,
    ),
});

export const removeActivity = (id: string): TripChange => ({
  label: "Remove activity",
  apply: (trip) =>
    mapDays(trip, (day) => ({ ...day, activities: day.activities.filter((a) => a.id !== id) })),
});

/** Moves an activity to `index` of the day on `date` (the end when `index` is past it). */
export const moveActivity = (id: string, date: string, index: number): TripChange => ({
  label: "Move activity",
  apply: (trip) => {
    const moving = trip.itinerary.days.flatMap((d) => d.activities).find((a) => a.id === id);
    if (!moving) return trip;
    return mapDays(trip, (day) => {
      const rest = day.activities.filter((a) => a.id !== id);
      if (day.date !== date)
        return rest.length === day.activities.length ? day : { ...day, activities: rest };
      const at = Math.max(0, Math.min(index, rest.length));
      return { ...day, activities: [...rest.slice(0, at), moving, ...rest.slice(at)] };
    });
  },
});

/** Replaces whole days (a regenerated day, an assistant's proposal); other days stay as they are. */
export const replaceDays = (days: readonly Day[], label: string): TripChange => ({
  label,
  apply: (trip) => mapDays(trip, (day) => days.find((d) => d.date === day.date) ?? day),
});

/**
 * New facts. The days follow the dates the way the server does it: a new start date shifts every
 * day, a longer trip gets empty days at the end, a shorter one loses its last days.
 */
export const setFacts = (facts: TripFacts): TripChange => ({
  label: "Edit trip details",
  apply: (trip) => ({
    ...trip,
    ...facts,
    itinerary: refitDays(trip.itinerary, tripDates(facts.startDate, facts.endDate)),
  }),
});

/** Days and activities a change of dates would drop (for the confirmation). */
export function droppedByDates(
  trip: EditableTrip,
  dates: Pick<TripFacts, "startDate" | "endDate">,
) {
  const kept = tripDates(dates.startDate, dates.endDate).length;
  const dropped = trip.itinerary.days.slice(kept);
  return { days: dropped.length, activities: dropped.reduce((n, d) => n + d.activities.length, 0) };
}

/** A new activity's id: uuid v4 even where crypto.randomUUID is missing (plain http). */
export function newActivityId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
