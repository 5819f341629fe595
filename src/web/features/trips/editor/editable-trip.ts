import type { TripEditableField } from "#shared/trip-fields.ts";
import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import type { TripPatch } from "#shared/schemas/trip-edit.ts";
import { refitDays, tripDates } from "#shared/trip-dates.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { isSameJourney, isSameStay } from "#shared/same-booking.ts";
import { stopDateRanges, stopNights } from "#shared/trip-stop-days.ts";

/** What the traveller can change: everything a PATCH may carry. */
export type EditableTrip = Pick<Trip, TripEditableField>;
export type TripFacts = Omit<EditableTrip, "itinerary" | "name" | "stops" | "transport" | "stays">;
/** A stop as the stops editor sends it: a known id keeps that stop's days. */
export type StopEdit = { id?: string | undefined; destination: string; nights: number };
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
  | { name: "moveActivityToDay"; id: string; date: string }
  | { name: "replaceDays"; days: readonly Day[] }
  | { name: "setFacts"; facts: TripFacts }
  | { name: "setName"; value: string }
  | { name: "setTrip"; trip: EditableTrip }
  | { name: "setStops"; stops: readonly StopEdit[] }
  | { name: "setTransport"; transport: readonly Transport[]; label: string }
  | { name: "setStays"; stays: readonly Stay[]; label: string }
  | { name: "addTransport"; transport: readonly Transport[]; label: string }
  | { name: "addStays"; stays: readonly Stay[]; label: string }
  | { name: "putTransport"; journey: Transport; label: string }
  | { name: "removeTransport"; id: string; label: string }
  | { name: "putStay"; stay: Stay; label: string }
  | { name: "patchTransport"; id: string; fields: Partial<Transport>; label: string }
  | { name: "patchStay"; id: string; fields: Partial<Stay>; label: string }
  | { name: "removeStay"; id: string; label: string }
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
  // Trips cached before stops existed (an older tab's session storage) are one stop, no bookings.
  stops: trip.stops ?? [],
  transport: trip.transport ?? [],
  stays: trip.stays ?? [],
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The stops as PATCH `stops` takes them: id, city and nights. */
export const stopEdits = (stops: readonly TripStop[]): StopEdit[] =>
  stops.map((stop) => ({ id: stop.id, destination: stop.destination, nights: stopNights(stop) }));

/** Ids the server does not know yet are left out: a journey or stay without one is new. */
const knownId = (id: string, before: readonly { id: string }[]) =>
  before.some((b) => b.id === id) ? id : undefined;

/** Journeys as PATCH takes them: a zone left empty is the server's to take from the nearest stop. */
const transportInput = (transport: readonly Transport[], before: readonly Transport[]) =>
  transport.map((t) => ({
    ...t,
    id: knownId(t.id, before),
    departZone: t.departZone || null,
    arriveZone: t.arriveZone || null,
  }));

const staysInput = (stays: readonly Stay[], before: readonly Stay[]) =>
  stays.map((s) => ({ ...s, id: knownId(s.id, before) }));

/**
 * The PATCH body for a whole editable state, based on `version`. Journeys and stays go along when
 * they differ from `from` (what the change was applied to). Changed stops go alone: the server moves
 * the days with their stops and sets the dates, which the tab cannot know beforehand.
 */
export const toPatch = (
  trip: EditableTrip,
  version: number,
  reason?: TripPatch["reason"],
  from?: EditableTrip,
): TripPatch => {
  const withReason = reason ? { reason } : {};
  if (from && !same(stopEdits(trip.stops), stopEdits(from.stops)))
    return { version, stops: stopEdits(trip.stops), ...withReason };
  const { stops: _stops, transport, stays, ...rest } = toEditable(trip);
  return {
    version,
    ...rest,
    interests: trip.interests as TripPatch["interests"],
    ...(from && !same(transport, from.transport)
      ? { transport: transportInput(transport, from.transport) }
      : {}),
    ...(from && !same(stays, from.stays) ? { stays: staysInput(stays, from.stays) } : {}),
    ...withReason,
  };
};

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

/**
 * A new activity takes its place by time (after any at the same time). Applied again to a trip that
 * holds it already (a waiting change sent twice), it is not added twice.
 */
export const addActivity = (date: string, activity: Activity): TripChange => ({
  label: "Add activity",
  op: { name: "addActivity", date, activity },
  apply: (trip) =>
    trip.itinerary.days.some((d) => d.activities.some((a) => a.id === activity.id))
      ? trip
      : mapDays(trip, (day) =>
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

/** What stands in the way of an activity at its time on its day, and the nearest time that is free. */
export type BusyAt = { blocking: Activity; until: string; freeTime: string | null };

const overlaps = (start: number, length: number, other: Activity) => {
  const from = minutesOf(other.time);
  return start < from + other.durationMinutes && from < start + Math.max(length, 1);
};

/**
 * Null when the activity at `index` has its time to itself; else the first other activity it runs
 * into, and the nearest start (5-minute steps either way, the later one on a tie) at which it runs
 * into none (null: none left that day).
 */
export function busyAt(activities: readonly Activity[], index: number): BusyAt | null {
  const activity = activities[index];
  if (!activity) return null;
  const others = activities.filter((_, i) => i !== index);
  const start = minutesOf(activity.time);
  const length = activity.durationMinutes;
  const blocking = others.find((other) => overlaps(start, length, other));
  if (!blocking) return null;
  const free = (at: number) =>
    at >= 0 && at <= LAST_MINUTE && !others.some((other) => overlaps(at, length, other));
  let freeTime: string | null = null;
  for (let step = 5; step <= 24 * 60 && freeTime === null; step += 5) {
    if (free(start + step)) freeTime = clockOf(start + step);
    else if (free(start - step)) freeTime = clockOf(start - step);
  }
  return {
    blocking,
    until: clockOf((minutesOf(blocking.time) + blocking.durationMinutes) % (24 * 60)),
    freeTime,
  };
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

/**
 * Moves an activity to the day on `date`, in its place by time there (after any at the same time):
 * "Lunch 12:30" goes before "Dinner 19:30". Already on that day, it stays where it is.
 */
export const moveActivityToDay = (id: string, date: string): TripChange => ({
  label: "Move activity",
  op: { name: "moveActivityToDay", id, date },
  apply: (trip) => {
    const moving = trip.itinerary.days.flatMap((d) => d.activities).find((a) => a.id === id);
    const target = trip.itinerary.days.find((d) => d.date === date);
    if (!moving || !target || target.activities.some((a) => a.id === id)) return trip;
    return mapDays(trip, (day) =>
      day.date === date
        ? { ...day, activities: insertByTime(day.activities, moving) }
        : day.activities.some((a) => a.id === id)
          ? { ...day, activities: day.activities.filter((a) => a.id !== id) }
          : day,
    );
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

/**
 * New stops (added, removed, reordered, other nights). Until the server answers, the stops' dates
 * follow the nights from the trip's start; the days are the server's to move (see toPatch).
 */
export const setStops = (stops: readonly StopEdit[]): TripChange => ({
  label: "Edit cities",
  op: { name: "setStops", stops },
  apply: (trip) => {
    const ranges = stopDateRanges(
      trip.startDate,
      stops.map((s) => s.nights),
    );
    const known = new Map(trip.stops.map((s) => [s.id, s]));
    return {
      ...trip,
      stops: stops.map((stop, i) => ({
        id: stop.id ?? newActivityId(),
        destination: stop.destination,
        startDate: ranges[i]!.startDate,
        endDate: ranges[i]!.endDate,
        place: (stop.id && known.get(stop.id)?.place) || null,
      })),
    };
  },
});

/** Every journey of the trip, as the journey form leaves them. */
export const setTransport = (transport: readonly Transport[], label: string): TripChange => ({
  label,
  op: { name: "setTransport", transport, label },
  apply: (trip) => ({ ...trip, transport: [...transport] }),
});

/** Every stay of the trip, as the stay form leaves them. */
export const setStays = (stays: readonly Stay[], label: string): TripChange => ({
  label,
  op: { name: "setStays", stays, label },
  apply: (trip) => ({ ...trip, stays: [...stays] }),
});

/**
 * New journeys added to whatever journeys the trip has when the change is applied: a companion's
 * journey saved in between stays (a whole list would overwrite it on a replay or a reapply). One the
 * trip already holds (its id, or the same booking: the server gives new journeys their own id) is
 * not added again, so a change applied twice adds it once.
 */
export const addTransport = (transport: readonly Transport[], label: string): TripChange => ({
  label,
  op: { name: "addTransport", transport, label },
  apply: (trip) => ({
    ...trip,
    transport: [
      ...trip.transport,
      ...transport.filter(
        (t) => !trip.transport.some((held) => held.id === t.id || isSameJourney(held, t)),
      ),
    ],
  }),
});

/** New stays added to the trip's stays when the change is applied, as addTransport does journeys. */
export const addStays = (stays: readonly Stay[], label: string): TripChange => ({
  label,
  op: { name: "addStays", stays, label },
  apply: (trip) => ({
    ...trip,
    stays: [
      ...trip.stays,
      ...stays.filter((s) => !trip.stays.some((held) => held.id === s.id || isSameStay(held, s))),
    ],
  }),
});

/** A list with `item` in place of the one with its id, or added at the end when none has it. */
const putById = <T extends { id: string }>(list: readonly T[], item: T): T[] =>
  list.some((held) => held.id === item.id)
    ? list.map((held) => (held.id === item.id ? item : held))
    : [...list, item];

/**
 * One journey as the journey form leaves it, put in place (by id) in the trip the change is applied
 * to: the trip's other journeys are the ones it has then, so an edit never undoes a companion's
 * journey saved in between. Edited after a companion removed it, it comes back: the edit was meant.
 */
export const putTransport = (journey: Transport, label: string): TripChange => ({
  label,
  op: { name: "putTransport", journey, label },
  apply: (trip) => ({ ...trip, transport: putById(trip.transport, journey) }),
});

/**
 * The fields of one journey its form changed, applied to that journey as the trip holds it when the
 * change is applied: a companion's change to its other fields is kept. Gone by then, nothing.
 */
export const patchTransport = (
  id: string,
  fields: Partial<Transport>,
  label: string,
): TripChange => ({
  label,
  op: { name: "patchTransport", id, fields, label },
  apply: (trip) => ({
    ...trip,
    transport: trip.transport.map((t) => (t.id === id ? { ...t, ...fields, id } : t)),
  }),
});

/** One journey removed (by id) from the trip the change is applied to. */
export const removeTransport = (id: string, label: string): TripChange => ({
  label,
  op: { name: "removeTransport", id, label },
  apply: (trip) => ({ ...trip, transport: trip.transport.filter((t) => t.id !== id) }),
});

/** One stay as the stay form leaves it, put in place by id, as putTransport does a journey. */
export const putStay = (stay: Stay, label: string): TripChange => ({
  label,
  op: { name: "putStay", stay, label },
  apply: (trip) => ({ ...trip, stays: putById(trip.stays, stay) }),
});

/**
 * The fields of one stay its form changed, applied to that stay as the trip holds it then (as
 * patchTransport does). A new name or address without a pin of its own is located again.
 */
export const patchStay = (id: string, fields: Partial<Stay>, label: string): TripChange => ({
  label,
  op: { name: "patchStay", id, fields, label },
  apply: (trip) => ({
    ...trip,
    stays: trip.stays.map((s) => {
      if (s.id !== id) return s;
      const renamed =
        (fields.name !== undefined && fields.name !== s.name) ||
        (fields.address !== undefined && fields.address !== s.address);
      const place =
        renamed && fields.lat === undefined ? { lat: null, lng: null, osmId: null } : {};
      return { ...s, ...place, ...fields, id };
    }),
  }),
});

/** One stay removed (by id) from the trip the change is applied to. */
export const removeStay = (id: string, label: string): TripChange => ({
  label,
  op: { name: "removeStay", id, label },
  apply: (trip) => ({ ...trip, stays: trip.stays.filter((s) => s.id !== id) }),
});

/** Days and activities a change of stops would drop: a removed city's, and nights taken away. */
export function droppedByStops(trip: EditableTrip, stops: readonly StopEdit[]) {
  const next = new Map(stops.flatMap((s) => (s.id ? [[s.id, s.nights] as const] : [])));
  const days = trip.itinerary.days;
  let dropped = 0;
  let activities = 0;
  for (const stop of trip.stops) {
    const kept = next.get(stop.id) ?? 0;
    // The stop's own days (arrival day to the day before departure) past the nights it keeps.
    const own = days.filter((d) => d.date >= stop.startDate && d.date < stop.endDate);
    for (const day of own.slice(kept)) {
      dropped += 1;
      activities += day.activities.length;
    }
  }
  return { days: dropped, activities };
}

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
      case "moveActivityToDay":
        return moveActivityToDay(op.id, op.date);
      case "replaceDays":
        return replaceDays(op.days, label);
      case "setFacts":
        return setFacts(op.facts);
      case "setName":
        return setName(op.value);
      case "setTrip":
        return setTrip(op.trip, label);
      case "setStops":
        return setStops(op.stops);
      case "setTransport":
        return setTransport(op.transport, op.label);
      case "setStays":
        return setStays(op.stays, op.label);
      case "addTransport":
        return addTransport(op.transport, op.label);
      case "addStays":
        return addStays(op.stays, op.label);
      case "putTransport":
        return putTransport(op.journey, op.label);
      case "removeTransport":
        return removeTransport(op.id, op.label);
      case "putStay":
        return putStay(op.stay, op.label);
      case "removeStay":
        return removeStay(op.id, op.label);
      case "patchTransport":
        return patchTransport(op.id, op.fields, op.label);
      case "patchStay":
        return patchStay(op.id, op.fields, op.label);
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
