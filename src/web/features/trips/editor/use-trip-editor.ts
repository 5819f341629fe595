import { useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { tripDetailKey } from "#web/lib/trip/trip-query-keys.ts";
import { useCallback, useEffect, useRef, useState } from "react";
import type { Trip } from "#shared/schemas/trip.ts";
import type { PlaceChoice } from "#shared/schemas/trip-edit.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { useOnline } from "#web/lib/use-online.ts";
import { currentUserDataEpoch } from "#web/lib/user-data.ts";
import {
  SAVE_TRIP_FAILED,
  TripConflictError,
  tripEditKey,
  updateTrip,
} from "../api/update-trip.ts";
import type { SaveReason } from "#shared/schemas/trip-history.ts";
import {
  setTrip,
  toEditable,
  toPatch,
  type EditableTrip,
  type TripChange,
} from "./editable-trip.ts";
import {
  allWaiting,
  applyWaiting,
  dequeue,
  EMPTY_OUTBOX,
  enqueue,
  firstWaiting,
  isNetworkError,
  loadOutbox,
  storeOutbox,
  type Outbox,
} from "./offline-queue.ts";

export const HISTORY_LIMIT = 20;

/** edit: the traveller's own change; proposal: a regenerated day or the assistant's, based on `baseVersion`. */
export type SaveKind = "edit" | "undo" | "redo" | "proposal";
/** replay: a change that waited offline, now sent (its history entry was made when it was made). */
type MutationKind = SaveKind | "replay";
/**
 * `version`: the server's version holding the state this entry would leave (`after` for undo,
 * `before` for redo). Undo and redo are sent based on it when someone else saved since, so the
 * server merges them with what others saved: only this tab's own change is reverted.
 */
type HistoryEntry = { label: string; before: EditableTrip; after: EditableTrip; version: number };
type History = { undo: HistoryEntry[]; redo: HistoryEntry[] };
type SaveVariables = {
  change: TripChange;
  kind: MutationKind;
  baseVersion?: number;
  reason?: SaveReason;
  generation: number;
  /** An open form made the change and keeps it through a 409 (it asks about clashing fields). */
  formKeeps?: boolean;
};

export type SaveResult =
  | { status: "saved"; trip: Trip }
  | { status: "conflict"; trip: Trip }
  | { status: "error"; message: string }
  /** No network: kept in this tab (shown already), sent when the connection returns. */
  | { status: "queued" }
  | { status: "skipped" };

export type ConflictState = { change: TripChange; kind: SaveKind; latest: Trip };

class SkippedError extends Error {}

/** The save could not reach the server: the change waits in the tab's outbox. */
class QueuedError extends Error {
  constructor(readonly entry?: { before: EditableTrip; after: EditableTrip }) {
    super("Waiting for the network");
  }
}

/**
 * Saving the owner's edits: optimistic (the page changes at once), one PATCH at a time in order (each
 * based on the version the previous one produced), rolled back on failure, and kept as undo/redo
 * history of the last 20 changes in this tab. Undo and redo are saves too, so they can meet a conflict.
 *
 * Without a network (the browser says it is offline, or a save cannot reach the server) a change is
 * kept in this tab instead (memory and session storage: a reload keeps it) and shown at once; every
 * later change waits behind it. When the connection returns (the `online` event, the next save, or
 * the page opened again) they are sent one by one in order, each an ordinary versioned PATCH: a 409
 * turns every waiting change into the conflict's, offered with Reapply my change, never dropped.
 */
export function useTripEditor(trip: Trip) {
  const queryClient = useQueryClient();
  const tripId = trip.id;
  const key = tripDetailKey(tripId);
  // The last trip the server confirmed: every PATCH is applied to it and based on its version.
  const confirmed = useRef<Trip | null>(null);
  // Bumped when a save fails: the edits queued behind it were built on a state that never existed.
  const generation = useRef(0);
  const [history, setHistory] = useState<History>({ undo: [], redo: [] });
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [savedOnce, setSavedOnce] = useState(false);
  const online = useOnline();

  // The changes waiting for the network. The ref is what the save queue reads (always current); the
  // state re-renders the status. The epoch is the tab's user at mount: once the tab forgets that user,
  // their waiting changes are neither written back nor sent.
  const [outboxEpoch] = useState(currentUserDataEpoch);
  const [outbox, setOutboxState] = useState<Outbox>(() => loadOutbox(tripId));
  const waiting = useRef(outbox);
  const setOutbox = useCallback(
    (next: Outbox) => {
      waiting.current = next;
      setOutboxState(next);
      storeOutbox(tripId, next, outboxEpoch);
    },
    [tripId, outboxEpoch],
  );
  // New locations the server could not tell apart ("Musée"): offered as "Did you mean …".
  const [placeChoices, setPlaceChoices] = useState<PlaceChoice[]>([]);
  // The versions this tab saved: their live `change` events are not news here.
  const savedVersions = useRef(new Set<number>());

  const base = () => {
    const cached = queryClient.getQueryData<Trip>(key);
    const known = confirmed.current;
    // A refetch may have brought a newer version than the last save did.
    return !known || (cached && cached.version > known.version) ? (cached ?? trip) : known;
  };

  /** What the tab shows: `from` (as the server has it) with every change still waiting applied. */
  const showLocal = (from: Trip, queue: Outbox) =>
    queryClient.setQueryData<Trip>(key, { ...from, ...applyWaiting(queue, toEditable(from)) });

  const record = useCallback(
    (kind: SaveKind, label: string, before: EditableTrip, after: EditableTrip, version: number) =>
      setHistory((h) => {
        if (kind === "undo") {
          const [entry, ...rest] = h.undo;
          if (!entry) return h;
          // Someone else saved between the change and its undo: the states kept for redo lack
          // their change, and a redo would silently take it back. No redo is offered then.
          for (let v = entry.version + 1; v < version; v++)
            if (!savedVersions.current.has(v)) return { undo: rest, redo: [] };
          // The undone state as the server stored it (new activities get their ids there).
          return { undo: rest, redo: [{ ...entry, before: after, version }, ...h.redo] };
        }
        if (kind === "redo") {
          const [entry, ...rest] = h.redo;
          return entry ? { undo: [{ ...entry, after, version }, ...h.undo], redo: rest } : h;
        }
        const entry = { label, before, after, version };
        return { undo: [entry, ...h.undo].slice(0, HISTORY_LIMIT), redo: [] };
      }),
    [],
  );

  /** Keeps `change` in the tab's outbox; what the page shows before it is returned for the history. */
  const park = (change: TripChange) => {
    const before = applyWaiting(waiting.current, toEditable(base()));
    setOutbox(enqueue(waiting.current, change));
    return new QueuedError({ before, after: change.apply(before) });
  };

  const mutation = useMutation({
    mutationKey: tripEditKey(tripId),
    scope: { id: `trip-edit:${tripId}` },
    // Offline, a save fails at once (and its change waits in the outbox) instead of pausing unseen.
    networkMode: "always",
    onMutate: async ({ change, kind }: SaveVariables) => {
      if (!confirmed.current) confirmed.current = base();
      await queryClient.cancelQueries({ queryKey: key });
      // A change that waited is on the page already.
      if (kind === "replay") return;
      queryClient.setQueryData<Trip>(key, (current) =>
        current ? { ...current, ...change.apply(toEditable(current)) } : current,
      );
    },
    mutationFn: async ({ change, kind, baseVersion, reason, generation: at }: SaveVariables) => {
      if (kind !== "replay") {
        if (at !== generation.current) throw new SkippedError();
        // Behind a change that waits for the network, a change waits too: they are sent in order.
        if (waiting.current.changes.length > 0) throw park(change);
      }
      const from = base();
      const next = change.apply(toEditable(from));
      try {
        const answer = await updateTrip(
          tripId,
          toPatch(next, baseVersion ?? from.version, reason, toEditable(from)),
        );
        savedVersions.current.add(answer.trip.version);
        return {
          before: toEditable(from),
          sent: next,
          saved: answer.trip,
          choices: answer.placeChoices,
        };
      } catch (error) {
        if (!isNetworkError(error)) throw error;
        throw kind === "replay" ? new QueuedError() : park(change);
      }
    },
    onSuccess: ({ before, sent, saved, choices }, { change, kind }) => {
      setPlaceChoices(choices);
      confirmed.current = saved;
      if (kind === "replay") {
        const rest = dequeue(waiting.current, sent, toEditable(saved));
        setOutbox(rest);
        showLocal(saved, rest);
      } else {
        // Only the last queued save shows the server's copy; earlier ones would undo later optimism.
        if (queryClient.isMutating({ mutationKey: tripEditKey(tripId) }) <= 1)
          queryClient.setQueryData(key, saved);
        record(kind, change.label, before, toEditable(saved), saved.version);
      }
      setFailure(null);
      setConflict(null);
      setSavedOnce(true);
    },
    onError: (error, { change, kind, formKeeps }) => {
      if (error instanceof SkippedError) return;
      if (error instanceof QueuedError) {
        // Kept, and on the page already: it is undoable like a saved change.
        if (error.entry && kind !== "replay")
          // Not saved yet: the version it will be based on stands in for its own.
          record(kind, change.label, error.entry.before, error.entry.after, base().version);
        return;
      }
      if (kind !== "replay") generation.current += 1;
      if (error instanceof TripConflictError) {
        confirmed.current = error.trip;
        queryClient.setQueryData(key, error.trip);
        // The history was built on versions that are gone: undoing it would overwrite the other change.
        setHistory({ undo: [], redo: [] });
        // A change that waited offline takes every one behind it along: all are offered to reapply.
        const offered = kind === "replay" ? allWaiting(waiting.current) : change;
        if (kind === "replay") setOutbox(EMPTY_OUTBOX);
        setConflict(
          offered && !formKeeps
            ? { change: offered, kind: kind === "replay" ? "edit" : kind, latest: error.trip }
            : null,
        );
        setFailure(null);
        return;
      }
      if (kind === "replay") {
        // Refused (not a conflict): that change goes, with the server's reason; the rest wait on.
        const rest = { ...waiting.current, changes: waiting.current.changes.slice(1) };
        setOutbox(rest);
        if (confirmed.current) showLocal(confirmed.current, rest);
      } else if (confirmed.current) queryClient.setQueryData(key, confirmed.current);
      setFailure(getErrorMessage(error, SAVE_TRIP_FAILED));
    },
  });

  const { mutateAsync } = mutation;

  /** Keeps `change` for later without trying the network, and shows it at once. */
  const keepForLater = useCallback(
    (change: TripChange, kind: SaveKind) => {
      const current = queryClient.getQueryData<Trip>(tripDetailKey(tripId));
      if (!current) return;
      if (!confirmed.current) confirmed.current = current;
      const before = toEditable(current);
      const after = change.apply(before);
      queryClient.setQueryData<Trip>(tripDetailKey(tripId), { ...current, ...after });
      setOutbox(enqueue(waiting.current, change));
      record(kind, change.label, before, after, current.version);
    },
    [queryClient, tripId, setOutbox, record],
  );

  /** Sends the waiting changes one by one, in order, while the network answers. */
  const sending = useRef(false);
  const sendWaiting = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        // The tab has forgotten the user who made them (sign-out, another user): they are not sent.
        if (currentUserDataEpoch() !== outboxEpoch) return;
        const next = firstWaiting(waiting.current);
        if (!next || !navigator.onLine) return;
        const count = waiting.current.changes.length;
        const result = await mutateAsync({
          change: next,
          kind: "replay",
          generation: generation.current,
        }).then(
          () => "saved" as const,
          (error: unknown) =>
            error instanceof QueuedError || error instanceof TripConflictError
              ? ("stop" as const)
              : ("refused" as const),
        );
        if (result === "stop" || waiting.current.changes.length >= count) return;
      }
    } finally {
      sending.current = false;
    }
  }, [mutateAsync, outboxEpoch]);

  // Changes kept by an earlier page in this tab are shown again (once), and sent when possible.
  const restored = useRef(false);
  useEffect(() => {
    if (restored.current) return;
    restored.current = true;
    const current = queryClient.getQueryData<Trip>(tripDetailKey(tripId));
    if (!current || waiting.current.changes.length === 0) return;
    confirmed.current = current;
    queryClient.setQueryData<Trip>(tripDetailKey(tripId), {
      ...current,
      ...applyWaiting(waiting.current, toEditable(current)),
    });
  }, [queryClient, tripId]);
  useEffect(() => {
    const send = () => void sendWaiting();
    window.addEventListener("online", send);
    if (navigator.onLine && waiting.current.changes.length > 0) send();
    return () => window.removeEventListener("online", send);
  }, [sendWaiting]);

  const save = useCallback(
    async (
      change: TripChange,
      kind: SaveKind = "edit",
      baseVersion?: number,
      reason?: SaveReason,
      options: { formKeeps?: boolean } = {},
    ): Promise<SaveResult> => {
      // Offline, or behind changes that wait: kept for later; online, the next save retries them.
      if (!navigator.onLine || waiting.current.changes.length > 0) {
        keepForLater(change, kind);
        if (navigator.onLine) void sendWaiting();
        return { status: "queued" };
      }
      try {
        const { saved } = await mutateAsync({
          change,
          kind,
          baseVersion,
          reason,
          generation: generation.current,
          ...options,
        });
        return { status: "saved", trip: saved };
      } catch (error) {
        if (error instanceof SkippedError) return { status: "skipped" };
        if (error instanceof QueuedError) return { status: "queued" };
        if (error instanceof TripConflictError) return { status: "conflict", trip: error.trip };
        return { status: "error", message: getErrorMessage(error, SAVE_TRIP_FAILED) };
      }
    },
    [mutateAsync, keepForLater, sendWaiting],
  );

  const pending = useIsMutating({ mutationKey: tripEditKey(tripId) }) > 0;
  const nextUndo = history.undo[0];
  const nextRedo = history.redo[0];
  /**
   * The version an undo or redo is based on: the entry's own when someone else saved since (the
   * server then merges, reverting only this tab's change), the latest when every later version is
   * this tab's (nothing of anyone else's to keep, and re-added activities' new ids stay in step).
   */
  const baseFor = (entry: HistoryEntry) => {
    const latest = base().version;
    for (let v = entry.version + 1; v <= latest; v++)
      if (!savedVersions.current.has(v)) return entry.version;
    return undefined;
  };
  const undo = () => {
    if (!nextUndo || pending) return;
    void save(setTrip(nextUndo.before, `Undo: ${nextUndo.label}`), "undo", baseFor(nextUndo));
  };
  const redo = () => {
    if (!nextRedo || pending) return;
    void save(setTrip(nextRedo.after, `Redo: ${nextRedo.label}`), "redo", baseFor(nextRedo));
  };
  const waitingCount = outbox.changes.length;

  return {
    save,
    savedVersions,
    undo,
    redo,
    canUndo: Boolean(nextUndo) && !pending,
    canRedo: Boolean(nextRedo) && !pending,
    undoLabel: nextUndo?.label,
    redoLabel: nextRedo?.label,
    status:
      waitingCount > 0 && !(online && pending)
        ? "waiting"
        : pending
          ? "saving"
          : failure
            ? "error"
            : savedOnce
              ? "saved"
              : "idle",
    /** How many changes wait for the network in this tab. */
    waiting: waitingCount,
    failure,
    conflict,
    dismissConflict: () => setConflict(null),
    placeChoices,
    dismissPlaceChoice: (activityId: string) =>
      setPlaceChoices((list) => list.filter((c) => c.activityId !== activityId)),
    reapply: () => {
      if (!conflict) return;
      setConflict(null);
      // A reapplied change is a new edit of the latest version, undoable like any other.
      void save(conflict.change, "edit");
    },
  } as const;
}

export type TripEditor = ReturnType<typeof useTripEditor>;

/**
 * An edit form's save: closed once saved or kept offline ("done"); a 409 or a refusal leaves it
 * open with what was typed (the form says why, and takes the latest version into its other fields).
 */
export const formOutcome = (result: SaveResult) =>
  result.status === "saved" || result.status === "queued"
    ? ("done" as const)
    : result.status === "conflict"
      ? ("conflict" as const)
      : ("failed" as const);

/** A form's save: through a 409 the form keeps the change itself (no Reapply my change banner). */
export const saveFromForm = (editor: TripEditor, change: TripChange) =>
  editor.save(change, "edit", undefined, undefined, { formKeeps: true });
