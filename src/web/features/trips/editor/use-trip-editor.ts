import { useIsMutating, useMutation, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";
import type { Trip } from "#shared/schemas/trip.ts";
import { getErrorMessage } from "#web/lib/api-client.ts";
import { tripDetailKey } from "../api/get-trip.ts";
import {
  SAVE_TRIP_FAILED,
  TripConflictError,
  tripEditKey,
  updateTrip,
} from "../api/update-trip.ts";
import type { SaveReason } from "#shared/schemas/trip-history.ts";
import { toEditable, toPatch, type EditableTrip, type TripChange } from "./editable-trip.ts";

export const HISTORY_LIMIT = 20;

/** edit: the traveller's own change; proposal: a regenerated day or the assistant's, based on `baseVersion`. */
export type SaveKind = "edit" | "undo" | "redo" | "proposal";
/**
 * `version`: the server's version holding the state this entry would leave (`after` for undo,
 * `before` for redo). Undo and redo are sent based on it, so the server merges them with whatever
 * others saved since: only this tab's own change is reverted.
 */
type HistoryEntry = { label: string; before: EditableTrip; after: EditableTrip; version: number };
type History = { undo: HistoryEntry[]; redo: HistoryEntry[] };
type SaveVariables = {
  change: TripChange;
  kind: SaveKind;
  baseVersion?: number;
  reason?: SaveReason;
  generation: number;
};

export type SaveResult =
  | { status: "saved"; trip: Trip }
  | { status: "conflict"; trip: Trip }
  | { status: "error"; message: string }
  | { status: "skipped" };

export type ConflictState = { change: TripChange; kind: SaveKind; latest: Trip };

class SkippedError extends Error {}

/**
 * Saving the owner's edits: optimistic (the page changes at once), one PATCH at a time in order (each
 * based on the version the previous one produced), rolled back on failure, and kept as undo/redo
 * history of the last 20 changes in this tab. Undo and redo are saves too, so they can meet a conflict.
 */
export function useTripEditor(trip: Trip) {
  const queryClient = useQueryClient();
  const key = tripDetailKey(trip.id);
  // The last trip the server confirmed: every PATCH is applied to it and based on its version.
  const confirmed = useRef<Trip | null>(null);
  // Bumped when a save fails: the edits queued behind it were built on a state that never existed.
  const generation = useRef(0);
  const [history, setHistory] = useState<History>({ undo: [], redo: [] });
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [savedOnce, setSavedOnce] = useState(false);
  // The versions this tab saved: their live `change` events are not news here.
  const savedVersions = useRef(new Set<number>());

  const base = () => {
    const cached = queryClient.getQueryData<Trip>(key);
    const known = confirmed.current;
    // A refetch may have brought a newer version than the last save did.
    return !known || (cached && cached.version > known.version) ? (cached ?? trip) : known;
  };

  const mutation = useMutation({
    mutationKey: tripEditKey(trip.id),
    scope: { id: `trip-edit:${trip.id}` },
    onMutate: async ({ change }: SaveVariables) => {
      if (!confirmed.current) confirmed.current = base();
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData<Trip>(key, (current) =>
        current ? { ...current, ...change.apply(toEditable(current)) } : current,
      );
    },
    mutationFn: async ({ change, baseVersion, reason, generation: at }: SaveVariables) => {
      if (at !== generation.current) throw new SkippedError();
      const from = base();
      const next = change.apply(toEditable(from));
      const saved = await updateTrip(trip.id, toPatch(next, baseVersion ?? from.version, reason));
      savedVersions.current.add(saved.version);
      return { before: toEditable(from), saved };
    },
    onSuccess: ({ before, saved }, { change, kind }) => {
      confirmed.current = saved;
      // Only the last queued save shows the server's copy; earlier ones would undo later optimism.
      if (queryClient.isMutating({ mutationKey: tripEditKey(trip.id) }) <= 1)
        queryClient.setQueryData(key, saved);
      const after = toEditable(saved);
      setHistory((h) => {
        if (kind === "undo") {
          const [entry, ...rest] = h.undo;
          // The undone state as the server stored it (new activities get their ids there).
          return entry
            ? { undo: rest, redo: [{ ...entry, before: after, version: saved.version }, ...h.redo] }
            : h;
        }
        if (kind === "redo") {
          const [entry, ...rest] = h.redo;
          return entry
            ? { undo: [{ ...entry, after, version: saved.version }, ...h.undo], redo: rest }
            : h;
        }
        const entry = { label: change.label, before, after, version: saved.version };
        return { undo: [entry, ...h.undo].slice(0, HISTORY_LIMIT), redo: [] };
      });
      setFailure(null);
      setConflict(null);
      setSavedOnce(true);
    },
    onError: (error, { change, kind }) => {
      if (error instanceof SkippedError) return;
      generation.current += 1;
      if (error instanceof TripConflictError) {
        confirmed.current = error.trip;
        queryClient.setQueryData(key, error.trip);
        // The history was built on versions that are gone: undoing it would overwrite the other change.
        setHistory({ undo: [], redo: [] });
        setConflict({ change, kind, latest: error.trip });
        setFailure(null);
        return;
      }
      if (confirmed.current) queryClient.setQueryData(key, confirmed.current);
      setFailure(getErrorMessage(error, SAVE_TRIP_FAILED));
    },
  });

  const { mutateAsync } = mutation;
  const save = useCallback(
    async (
      change: TripChange,
      kind: SaveKind = "edit",
      baseVersion?: number,
      reason?: SaveReason,
    ): Promise<SaveResult> => {
      try {
        const { saved } = await mutateAsync({
          change,
          kind,
          baseVersion,
          reason,
          generation: generation.current,
        });
        return { status: "saved", trip: saved };
      } catch (error) {
        if (error instanceof SkippedError) return { status: "skipped" };
        if (error instanceof TripConflictError) return { status: "conflict", trip: error.trip };
        return { status: "error", message: getErrorMessage(error, SAVE_TRIP_FAILED) };
      }
    },
    [mutateAsync],
  );

  const pending = useIsMutating({ mutationKey: tripEditKey(trip.id) }) > 0;
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
    void save(
      { label: `Undo: ${nextUndo.label}`, apply: () => nextUndo.before },
      "undo",
      baseFor(nextUndo),
    );
  };
  const redo = () => {
    if (!nextRedo || pending) return;
    void save(
      { label: `Redo: ${nextRedo.label}`, apply: () => nextRedo.after },
      "redo",
      baseFor(nextRedo),
    );
  };

  return {
    save,
    savedVersions,
    undo,
    redo,
    canUndo: Boolean(nextUndo) && !pending,
    canRedo: Boolean(nextRedo) && !pending,
    undoLabel: nextUndo?.label,
    redoLabel: nextRedo?.label,
    status: pending ? "saving" : failure ? "error" : savedOnce ? "saved" : "idle",
    failure,
    conflict,
    dismissConflict: () => setConflict(null),
    reapply: () => {
      if (!conflict) return;
      setConflict(null);
      // A reapplied change is a new edit of the latest version, undoable like any other.
      void save(conflict.change, "edit");
    },
  } as const;
}

export type TripEditor = ReturnType<typeof useTripEditor>;
