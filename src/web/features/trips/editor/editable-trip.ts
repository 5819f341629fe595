import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import type { TripPatch } from "#shared/schemas/trip-edit.ts";
import { refitDays, tripDates } from "#shared/trip-dates.ts";
import type { Trip } from "#shared/schemas/trip.ts";

/** What the traveller can change: everything a PATCH may carry. */
export type EditableTrip = Pick<
  Trip,
  | "name"
  | "destination"
  | "startDate"
  | "endDate"
  | "budget"
  | "travelStyle"
  | "interests"
  | "itinerary"
>;
export type TripFacts = Omit<EditableTrip, "itinerary" | "name">;
export type ActivityFields = Pick<
  Activity,
  "time" | "activity" | "location" | "description" | "cost" | "durationMinutes"
>;

/**
 * A change as data (the function that made it and its arguments): a change waiting for the network
 * is kept in session storage as this, so a reload of the tab keeps it (see offline-queue.ts).
 */
export type ChangeOp =
  | { name: "updateActivity"; id: string; fields: Partial<Activity> }
  | { name: "addActivity"; date: string; activity: Activity }
  | { name: "sortDayByTime"; date: string }
  | { name: "removeActivity"; id: string }
  | { name: "moveActivity"; id: string; date: string; index: number }
  | { name: "replaceDays"; days: readonly Day[] }
  | { name: "setFacts"; facts: TripFacts }
  | { name: "setName"; value: string }
  | { name: "setTrip"; trip: EditableTrip }
  | { name: "all"; ops: readonly ChangeOp[] };

/** A change as a function of the trip it is applied to, so it can be applied again on a newer one. */
export type TripChange = {
  label: string;
  op: ChangeOp;
  apply: (trip: EditableTrip) => EditableTrip;
};

export const toEditable = (trip: EditableTrip): EditableTrip => ({
  name: trip.name,
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

/** "HH:MM" compares in time order as text; the day's order is the order its activities are stored. */
const byTime = (a: Pick<Activity, "time">, b: Pick<Activity, "time">) =>
  a.time < b.time ? -1 : a.time > b.time ? 1 : 0;

/** Where an activity at its time belongs: before the first one that starts later (after equal times). */
const insertByTime = (activities: readonly Activity[], activity: Activity): Activity[] => {
  const at = activities.findIndex((a) => a.time > activity.time);
  return at < 0 ? [...activities, activity] : activities.toSpliced(at, 0, activity);
};

/** True when the activity's time lies between its neighbours' (it may stay where it is). */
const fitsAt = (activities: readonly Activity[], index: number): boolean => {
  const time = activities[index]!.time;
  const previous = activities[index - 1];
  const next = activities[index + 1];
  return (!previous || previous.time <= time) && (!next || time <= next.time);
};

/** An edit; a new time that no longer fits between its neighbours moves the activity to its place. */
export const updateActivity = (id: string, fields: Partial<Activity>): TripChange => ({
  label: "Edit activity",
  op: { name: "updateActivity", id, fields },
  apply: (trip) =>
    mapDays(trip, (day) => {
      const index = day.activities.findIndex((a) => a.id === id);
      if (index < 0) return day;
      const activities = day.activities.map((a) => (a.id === id ? { ...a, ...fields } : a));
      const retimed = fields.time !== undefined && fields.time !== day.activities[index]!.time;
      if (!retimed || fitsAt(activities, index)) return { ...day, activities };
      return {
        ...day,
        activities: insertByTime(activities.toSpliced(index, 1), activities[index]!),
      };
    }),
});

/** A new activity takes its place by time (after any at the same time). */
export const addActivity = (date: string, activity: Activity): TripChange => ({
  label: "Add activity",
  op: { name: "addActivity", date, activity },
  apply: (trip) =>
    mapDays(trip, (day) =>
      day.date === date ? { ...day, activities: insertByTime(day.activities, activity) } : day,
    ),
});

/** True when the day's times never run backwards. */
export const isInTimeOrder = (day: Day): boolean =>
  day.activities.every((a, i) => i === 0 || day.activities[i - 1]!.time <= a.time);

/** The day's activities in time order (stable among equal times). */
export const sortDayByTime = (date: string): TripChange => ({
  label: "Sort by time",
  op: { name: "sortDayByTime", date },
  apply: (trip) =>
    mapDays(trip, (day) =>
      day.date === date ? { ...day, activities: day.activities.toSorted(byTime) } : day,
    ),
});

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const clockOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const LAST_MINUTE = 23 * 60 + 55;
const NEXT_TO_MINUTES = 30;

/**
 * A time that fits the activity at `index` where it now stands, or null when its time already fits:
 * the middle of its neighbours rounded to 5 minutes, 30 minutes after the previous one at the end,
 * 30 minutes before the next one at the start.
 */
export function fittingTime(activities: readonly Activity[], index: number): string | null {
  if (!activities[index] || fitsAt(activities, index)) return null;
  const previous = activities[index - 1];
  const next = activities[index + 1];
  let minutes: number;
  if (previous && next && previous.time <= next.time) {
    const low = minutesOf(previous.time);
    const high = minutesOf(next.time);
    minutes = Math.min(high, Math.max(low, Math.round((low + high) / 10) * 5));
  } else if (previous) minutes = minutesOf(previous.time) + NEXT_TO_MINUTES;
  else if (next) minutes = minutesOf(next.time) - NEXT_TO_MINUTES;
  else return null;
  return clockOf(Math.max(0, Math.min(LAST_MINUTE, minutes)));
}

export const removeActivity = (id: string): TripChange => ({
  label: "Remove activity",
  op: { name: "removeActivity", id },
  apply: (trip) =>
    mapDays(trip, (day) => ({ ...day, activities: day.activities.filter((a) => a.id !== id) })),
});

/** Moves an activity to `index` of the day on `date` (the end when `index` is past it). */
export const moveActivity = (id: string, date: string, index: number): TripChange => ({
  label: "Move activity",
  // JSON has no Infinity ("to the end"): any index past the day's end means the same.
  op: { name: "moveActivity", id, date, index: Math.min(index, Number.MAX_SAFE_INTEGER) },
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
  op: { name: "replaceDays", days },
  apply: (trip) => mapDays(trip, (day) => days.find((d) => d.date === day.date) ?? day),
});

/**
 * New facts. The days follow the dates the way the server does it: a new start date shifts every
 * day, a longer trip gets empty days at the end, a shorter one loses its last days.
 */
export const setFacts = (facts: TripFacts): TripChange => ({
  label: "Edit trip details",
  op: { name: "setFacts", facts },
  apply: (trip) => ({
    ...trip,
    ...facts,
    itinerary: refitDays(trip.itinerary, tripDates(facts.startDate, facts.endDate)),
  }),
});

/** The whole trip as it was at one point (an undo or a redo). */
export const setTrip = (trip: EditableTrip, label: string): TripChange => ({
  label,
  op: { name: "setTrip", trip },
  apply: () => trip,
});

/** Several changes, one after the other, as one (edits made offline that met a conflict). */
export const allOf = (changes: readonly TripChange[], label: string): TripChange => ({
  label,
  op: { name: "all", ops: changes.map((c) => c.op) },
  apply: (trip) => changes.reduce((t, c) => c.apply(t), trip),
});

/** The change `op` describes (from session storage), under `label`. */
export function changeFromOp(op: ChangeOp, label: string): TripChange {
  const change = (() => {
    switch (op.name) {
      case "updateActivity":
        return updateActivity(op.id, op.fields);
      case "addActivity":
        return addActivity(op.date, op.activity);
      case "sortDayByTime":
        return sortDayByTime(op.date);
      case "removeActivity":
        return removeActivity(op.id);
      case "moveActivity":
        return moveActivity(op.id, op.date, op.index);
      case "replaceDays":
        return replaceDays(op.days, label);
      case "setFacts":
        return setFacts(op.facts);
      case "setName":
        return setName(op.value);
      case "setTrip":
        return setTrip(op.trip, label);
      case "all":
        return allOf(
          op.ops.map((o) => changeFromOp(o, label)),
          label,
        );
    }
    // Stored by another version of the page: not a change this one knows.
    throw new Error(`Unknown change: ${(op as { name?: unknown }).name as string}`);
  })();
  return { ...change, label };
}

/** The trip's own name (its destination, the planner's search, stays as it is). */
export const setName = (name: string): TripChange => ({
  label: "Rename trip",
  op: { name: "setName", value: name },
  apply: (trip) => ({ ...trip, name }),
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
