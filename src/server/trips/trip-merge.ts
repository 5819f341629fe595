import type { TripEditableField } from "#shared/trip-fields.ts";
import { isDeepStrictEqual } from "node:util";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import type { TripMergeConflict } from "#shared/schemas/trip-history.ts";
import { tripDates } from "#shared/trip-dates.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { journeyLabel, stayLabel } from "../bookings/booking-labels.ts";
import { sortStays, sortTransport } from "../bookings/trip-bookings.ts";
import { stopsForDates } from "./trip-stop-edits.ts";

/** The editable state of a trip that a change can touch (a snapshot, a row, a patched trip). */
export type MergeFields = { [K in TripEditableField]: MergeFieldTypes[K] };

type MergeFieldTypes = {
  name: string;
  destination: string;
  startDate: string;
  endDate: string;
  budget: number;
  travelStyle: string;
  interests: string[];
  itinerary: Itinerary;
  stops: TripStop[];
  transport: Transport[];
  stays: Stay[];
};

export type MergeResult =
  { ok: true; merged: MergeFields } | { ok: false; conflicts: TripMergeConflict[] };

// Deep, whatever the key order (jsonb reorders keys).
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

const FIELD_LABELS = {
  name: "name",
  destination: "destination",
  budget: "budget",
  travelStyle: "travel style",
  interests: "interests",
} as const;

const dayStops = (day: { stops?: number[] | undefined } | undefined) =>
  day?.stops ? { stops: day.stops } : {};

type Slot = { activity: Activity; day: number };

/** Activities by id with their day's index (days, not dates: a change of dates keeps each day). */
const slotsOf = (itinerary: Itinerary) => {
  const map = new Map<string, Slot>();
  itinerary.days.forEach((day, index) =>
    day.activities.forEach((activity) => map.set(activity.id, { activity, day: index })),
  );
  return map;
};

/** The ids of a longest common subsequence of two orders: the activities that kept their place. */
function keptInOrder(before: string[], after: string[]): Set<string> {
  const common = new Set(before.filter((id) => after.includes(id)));
  const a = before.filter((id) => common.has(id));
  const b = after.filter((id) => common.has(id));
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--)
    for (let j = b.length - 1; j >= 0; j--)
      table[i]![j] =
        a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
  const kept = new Set<string>();
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      kept.add(a[i]!);
      i++;
      j++;
    } else if (table[i + 1]![j]! >= table[i]![j + 1]!) i++;
    else j++;
  }
  return kept;
}

/**
 * The activities a side moved: to another day, or out of the order the others kept in their day.
 * Each maps to the activity before it on that side (null: first of its day), which is where the
 * merge puts it back.
 */
function movedBy(base: Itinerary, side: Itinerary) {
  const baseSlots = slotsOf(base);
  const moved = new Map<string, { day: number; after: string | null }>();
  side.days.forEach((day, index) => {
    const ids = day.activities.map((a) => a.id);
    const baseIds = base.days[index]?.activities.map((a) => a.id) ?? [];
    const kept = keptInOrder(baseIds, ids);
    ids.forEach((id, i) => {
      const was = baseSlots.get(id);
      if (!was) return; // added, not moved
      if (was.day !== index || !kept.has(id))
        moved.set(id, { day: index, after: ids[i - 1] ?? null });
    });
  });
  return moved;
}

/** What each field of an activity, a journey or a stay is called in a conflict's message. */
const ACTIVITY_FIELDS: Record<string, string> = {
  time: "time",
  activity: "name",
  location: "location",
  description: "description",
  cost: "cost",
  durationMinutes: "length",
  why: "reason",
  stopIndex: "city",
};
const JOURNEY_FIELDS: Record<string, string> = {
  mode: "mode",
  from: "from",
  to: "to",
  departAt: "departure",
  arriveAt: "arrival",
  departZone: "departure zone",
  arriveZone: "arrival zone",
  carrier: "carrier",
  number: "number",
  reference: "booking reference",
  notes: "notes",
};
const STAY_FIELDS: Record<string, string> = {
  name: "name",
  address: "address",
  checkIn: "check-in",
  checkOut: "check-out",
  reference: "booking reference",
  stopIndex: "city",
};
/**
 * The fields a place lookup fills from the location text (or a pin placed by hand): not a choice of
 * their own, so one side's new place goes with it; both sides' different places are dropped and the
 * place is looked up again from the merged text (the save's reconcile keeps the stored one when the
 * text did not change).
 */
const ACTIVITY_PLACE = ["lat", "lng", "osmId", "openingHours", "website"] as const;
const STAY_PLACE = ["lat", "lng", "osmId"] as const;

/** "its cost", "its cost and description", "its time, cost and description". */
const fieldList = (labels: readonly string[]) =>
  labels.length <= 1
    ? `its ${labels[0] ?? "fields"}`
    : `its ${labels.slice(0, -1).join(", ")} and ${labels.at(-1)!}`;

/**
 * One thing changed on both sides, merged field by field: a field one side changed takes that
 * side's value; a field both changed to different values is a clash (theirs is kept in `merged`, as
 * nothing is written then). The place fields move as one, and never clash.
 */
function mergeFields<T extends object>(
  base: T,
  mine: T,
  theirs: T,
  place: readonly string[],
): { merged: T; clashes: string[] } {
  const b = base as Record<string, unknown>;
  const m = mine as Record<string, unknown>;
  const t = theirs as Record<string, unknown>;
  const merged: Record<string, unknown> = { ...t };
  const clashes: string[] = [];
  for (const key of new Set([...Object.keys(b), ...Object.keys(m), ...Object.keys(t)])) {
    if (place.includes(key)) continue;
    if (same(m[key], b[key]) || same(m[key], t[key])) continue;
    if (same(t[key], b[key])) {
      if (m[key] === undefined) delete merged[key];
      else merged[key] = m[key];
    } else clashes.push(key);
  }
  const pick = (side: Record<string, unknown>) => place.map((key) => side[key]);
  const [bp, mp, tp] = [pick(b), pick(m), pick(t)];
  if (!same(mp, bp) && !same(mp, tp)) {
    const from = same(tp, bp) ? m : null;
    for (const key of place) merged[key] = from ? from[key] : null;
  }
  return { merged: merged as T, clashes };
}

/**
 * Journeys or stays merged by id, as activities are: each side's additions kept, a removal kept
 * unless the other side edited that one, an edit on one side taken, edits on both merged field by
 * field (a field both changed differently is a conflict naming it).
 */
function mergeById<T extends { id: string }>(
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
  fields: { labels: Record<string, string>; place: readonly string[] },
  clash: (item: T, message: string, clashed?: string[]) => void,
): T[] {
  const b = new Map(base.map((item) => [item.id, item]));
  const m = new Map(mine.map((item) => [item.id, item]));
  const t = new Map(theirs.map((item) => [item.id, item]));
  const merged: T[] = [];
  for (const id of new Set([...t.keys(), ...m.keys(), ...b.keys()])) {
    const [bi, mi, ti] = [b.get(id), m.get(id), t.get(id)];
    if (!bi) {
      const added = ti ?? mi;
      if (added) merged.push(added);
      continue;
    }
    if (!mi || !ti) {
      const other = mi ?? ti;
      if (other && !same(other, bi))
        clash(other, "was removed in one change and edited in the other");
      continue;
    }
    const { merged: item, clashes } = mergeFields(bi, mi, ti, fields.place);
    if (clashes.length > 0) {
      const labels = clashes.map((key) => fields.labels[key] ?? key);
      clash(mi, `was changed in both: ${fieldList(labels)}`, labels);
    }
    merged.push(item);
  }
  return merged;
}

/**
 * Three-way merge of a stale change (`mine`, made from `base`) with the changes saved since
 * (`theirs`). Things: each trip field (the dates as one), each field of each activity, journey and
 * stay (their place fields as one), each activity's day and place in the day. A thing changed on one side takes that side; changed on both to
 * different results is a conflict, and then nothing is merged. Pure: no I/O, no ids drawn.
 */
export function mergeTrips(base: MergeFields, mine: MergeFields, theirs: MergeFields): MergeResult {
  const conflicts: TripMergeConflict[] = [];
  const pick = <T>(field: string, label: string, b: T, m: T, t: T): T => {
    if (same(m, b) || same(m, t)) return t;
    if (same(t, b)) return m;
    conflicts.push({ kind: "field", field, message: `Both changes set the ${label}` });
    return t;
  };
  const scalars = Object.fromEntries(
    (Object.keys(FIELD_LABELS) as (keyof typeof FIELD_LABELS)[]).map((key) => [
      key,
      pick(key, FIELD_LABELS[key], base[key], mine[key], theirs[key]),
    ]),
  ) as Pick<MergeFields, keyof typeof FIELD_LABELS>;
  const dates = pick(
    "dates",
    "dates",
    [base.startDate, base.endDate],
    [mine.startDate, mine.endDate],
    [theirs.startDate, theirs.endDate],
  );
  const [startDate, endDate] = dates as [string, string];
  const dayCount = tripDates(startDate, endDate).length;

  const b = slotsOf(base.itinerary);
  const m = slotsOf(mine.itinerary);
  const t = slotsOf(theirs.itinerary);
  const myMoves = movedBy(base.itinerary, mine.itinerary);
  const theirMoves = movedBy(base.itinerary, theirs.itinerary);
  const nameOf = (id: string) =>
    (m.get(id) ?? t.get(id) ?? b.get(id))?.activity.activity ?? "An activity";
  const clash = (id: string, message: string, fields?: string[]) =>
    conflicts.push({
      kind: "activity",
      id,
      message: `“${nameOf(id)}” ${message}`,
      ...(fields ? { fields } : {}),
    });
  const content = (s: Slot | undefined) => {
    if (!s) return undefined;
    const { id: _id, ...rest } = s.activity;
    return rest;
  };

  /** The merged activity for each id that survives, and the ids whose place `mine` decides. */
  const activities = new Map<string, Activity>();
  const placedByMine = new Set<string>();
  const dropped = new Set<string>();
  for (const id of new Set([...b.keys(), ...m.keys(), ...t.keys()])) {
    const [bs, ms, ts] = [b.get(id), m.get(id), t.get(id)];
    if (!bs) {
      // New on one side (ids are drawn fresh, so never on both).
      if (ms) {
        activities.set(id, ms.activity);
        placedByMine.add(id);
      } else if (ts) activities.set(id, ts.activity);
      continue;
    }
    const touched = (s: Slot, moves: Map<string, unknown>) =>
      !same(content(s), content(bs)) || moves.has(id);
    if (!ms || !ts) {
      const other = ms ?? ts;
      const otherMoves = ms ? myMoves : theirMoves;
      if (other && touched(other, otherMoves))
        clash(id, "was removed in one change and edited in the other");
      dropped.add(id);
      continue;
    }
    // Field by field: a companion's change to other fields of the same activity is kept.
    const { merged: fields, clashes } = mergeFields(
      content(bs)!,
      content(ms)!,
      content(ts)!,
      ACTIVITY_PLACE,
    );
    if (clashes.length > 0) {
      const labels = clashes.map((key) => ACTIVITY_FIELDS[key] ?? key);
      clash(id, `was changed in both: ${fieldList(labels)}`, labels);
    }
    activities.set(id, { id, ...fields });
    const mine = myMoves.get(id);
    const theirs = theirMoves.get(id);
    if (mine && theirs && !same(mine, theirs)) clash(id, "was moved in both");
    else if (mine) placedByMine.add(id);
  }

  const stops = pick("stops", "stops", base.stops, mine.stops, theirs.stops);
  const transport = mergeById(
    base.transport,
    mine.transport,
    theirs.transport,
    { labels: JOURNEY_FIELDS, place: [] },
    (journey, message, fields) =>
      conflicts.push({
        kind: "transport",
        id: journey.id,
        message: `The ${journeyLabel(journey)} ${message}`,
        ...(fields ? { fields } : {}),
      }),
  );
  const stays = mergeById(
    base.stays,
    mine.stays,
    theirs.stays,
    { labels: STAY_FIELDS, place: STAY_PLACE },
    (stay, message, fields) =>
      conflicts.push({
        kind: "stay",
        id: stay.id,
        message: `The ${stayLabel(stay)} ${message}`,
        ...(fields ? { fields } : {}),
      }),
  );

  if (conflicts.length > 0) return { ok: false, conflicts };

  // Their days, less what mine removed or places itself; then mine's placements in mine's order.
  const days: string[][] = Array.from({ length: dayCount }, () => []);
  theirs.itinerary.days.forEach((day, index) =>
    day.activities.forEach(({ id }) => {
      if (dropped.has(id) || placedByMine.has(id)) return;
      if (index >= dayCount) clash(id, "is on a day that is no longer in the trip");
      else days[index]!.push(id);
    }),
  );
  mine.itinerary.days.forEach((day, index) => {
    day.activities.forEach(({ id }, i) => {
      if (!placedByMine.has(id)) return;
      if (index >= dayCount) return clash(id, "is on a day that is no longer in the trip");
      const list = days[index]!;
      // After the nearest activity that comes before it on my side and is on this day.
      let at = 0;
      for (let k = i - 1; k >= 0; k--) {
        const found = list.indexOf(day.activities[k]!.id);
        if (found >= 0) {
          at = found + 1;
          break;
        }
      }
      // Placed by its time on my side (a move to another day, a new activity) and the day in time
      // order: kept in time order among what the other side put there meanwhile.
      const time = activities.get(id)!.time;
      const timeOf = (other: string) => activities.get(other)!.time;
      const previous = day.activities[i - 1];
      const next = day.activities[i + 1];
      const fitsMine = (!previous || previous.time <= time) && (!next || time <= next.time);
      if (fitsMine && list.every((other, k) => k === 0 || timeOf(list[k - 1]!) <= timeOf(other))) {
        const low = list.filter((other) => timeOf(other) < time).length;
        const high = list.filter((other) => timeOf(other) <= time).length;
        at = Math.min(Math.max(at, low), high);
      }
      list.splice(at, 0, id);
    });
  });
  if (conflicts.length > 0) return { ok: false, conflicts };

  const dateList = tripDates(startDate, endDate);
  return {
    ok: true,
    merged: {
      ...scalars,
      startDate,
      endDate,
      // The stops on the merged dates (a reorder from one side, new dates from the other).
      stops: stopsForDates(stops, startDate, endDate),
      transport: sortTransport(transport),
      stays: sortStays(stays),
      itinerary: {
        days: days.map((ids, index) => ({
          ...dayStops(theirs.itinerary.days[index] ?? mine.itinerary.days[index]),
          date: dateList[index]!,
          activities: ids.map((id) => activities.get(id)!),
        })),
      },
    },
  };
}
