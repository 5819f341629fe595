import { ApiRequestError } from "#web/lib/api-client.ts";
import { currentUserDataEpoch, TRIP_EDITS_WAITING_STORAGE_KEY } from "#web/lib/user-data.ts";
import {
  allOf,
  changeFromOp,
  type ChangeOp,
  type EditableTrip,
  type TripChange,
} from "./editable-trip.ts";

/**
 * The edits made while the network was away, waiting in this tab to be saved one by one in order,
 * and the ids the server gave the new activities among those already saved: a waiting change made
 * against an activity added offline names it by the id the tab gave it.
 */
export type Outbox = { changes: readonly TripChange[]; ids: Readonly<Record<string, string>> };

export const EMPTY_OUTBOX: Outbox = { changes: [], ids: {} };

/** The trip page's status while edits wait: "Offline — 2 changes waiting". */
export const waitingText = (count: number) =>
  `Offline — ${count} ${count === 1 ? "change" : "changes"} waiting`;

/** A failure that means the request never reached the server (as opposed to an answer refusing it). */
export const isNetworkError = (error: unknown) =>
  error instanceof ApiRequestError && error.code === "network";

export const enqueue = (outbox: Outbox, change: TripChange): Outbox => ({
  ...outbox,
  changes: [...outbox.changes, change],
});

/** The first waiting change saved as `saved` (it was sent as `sent`): the rest wait on. */
export const dequeue = (outbox: Outbox, sent: EditableTrip, saved: EditableTrip): Outbox => ({
  changes: outbox.changes.slice(1),
  ids: { ...outbox.ids, ...newIds(sent, saved) },
});

/** The first waiting change, ready to apply to a trip as the server holds it (its ids). */
export const firstWaiting = (outbox: Outbox): TripChange | undefined => {
  const [first] = outbox.changes;
  return first && withServerIds(first, outbox.ids);
};

/** Every waiting change applied, in order, to `trip` as the server holds it: what the tab shows. */
export const applyWaiting = (outbox: Outbox, trip: EditableTrip): EditableTrip =>
  outbox.changes.reduce((t, change) => withServerIds(change, outbox.ids).apply(t), trip);

/** Every waiting change as one (what a conflict offers to reapply), or undefined when none wait. */
export const allWaiting = (outbox: Outbox): TripChange | undefined => {
  const changes = outbox.changes.map((c) => withServerIds(c, outbox.ids));
  if (changes.length <= 1) return changes[0];
  return allOf(changes, `${changes.length} changes made offline`);
};

/**
 * The ids the server gave new activities: a new activity is sent with the tab's id and saved with
 * one of the server's, in the same place of the same day.
 */
export function newIds(sent: EditableTrip, saved: EditableTrip): Record<string, string> {
  const savedIds = new Set(saved.itinerary.days.flatMap((d) => d.activities.map((a) => a.id)));
  const ids: Record<string, string> = {};
  for (const day of sent.itinerary.days) {
    const stored = saved.itinerary.days.find((d) => d.date === day.date);
    if (!stored || stored.activities.length !== day.activities.length) continue;
    day.activities.forEach((activity, i) => {
      const id = stored.activities[i]!.id;
      if (!savedIds.has(activity.id) && id !== activity.id) ids[activity.id] = id;
    });
  }
  return ids;
}

const renameIds = (trip: EditableTrip, ids: Readonly<Record<string, string>>): EditableTrip => ({
  ...trip,
  itinerary: {
    days: trip.itinerary.days.map((day) => ({
      ...day,
      activities: day.activities.map((a) => {
        const id = ids[a.id];
        return id ? { ...a, id } : a;
      }),
    })),
  },
});

/** `change`, made with the tab's ids, applied to a trip holding the server's ids for them. */
export function withServerIds(change: TripChange, ids: Readonly<Record<string, string>>) {
  const entries = Object.entries(ids);
  if (entries.length === 0) return change;
  const local = Object.fromEntries(entries.map(([tab, server]) => [server, tab]));
  return {
    ...change,
    apply: (trip: EditableTrip) => renameIds(change.apply(renameIds(trip, local)), ids),
  };
}

// Session storage: this tab only, kept over a reload; cleared with the tab's other stores when its
// user signs out or another signs in (src/web/lib/user-data.ts).
type Stored = Record<
  string,
  { changes: { label: string; op: ChangeOp }[]; ids: Record<string, string> }
>;

function readAll(): Stored {
  try {
    const raw = sessionStorage.getItem(TRIP_EDITS_WAITING_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === "object" ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** The edits waiting for `tripId` in this tab (none when storage is blocked or holds nothing). */
export function loadOutbox(tripId: string): Outbox {
  const stored = readAll()[tripId];
  if (!stored || !Array.isArray(stored.changes)) return EMPTY_OUTBOX;
  try {
    return {
      changes: stored.changes.map((c) => changeFromOp(c.op, c.label)),
      ids: stored.ids ?? {},
    };
  } catch {
    // Written by an older version of the page in another shape: nothing usable is kept.
    return EMPTY_OUTBOX;
  }
}

/**
 * Keeps the edits waiting for `tripId`. `epoch` is the tab's user-data epoch when they were made: a
 * tab that has since forgotten its user (sign-out, another user) does not write them back.
 */
export function storeOutbox(tripId: string, outbox: Outbox, epoch: number) {
  if (epoch !== currentUserDataEpoch()) return;
  try {
    const all = readAll();
    if (outbox.changes.length === 0) delete all[tripId];
    else
      all[tripId] = {
        changes: outbox.changes.map(({ label, op }) => ({ label, op })),
        ids: { ...outbox.ids },
      };
    if (Object.keys(all).length === 0) sessionStorage.removeItem(TRIP_EDITS_WAITING_STORAGE_KEY);
    else sessionStorage.setItem(TRIP_EDITS_WAITING_STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Storage blocked or full: the edits still wait in memory.
  }
}
