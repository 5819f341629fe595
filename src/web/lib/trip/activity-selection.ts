import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";

/**
 * The activity the traveller picked, shared by the trip's list and its map (two features that must
 * not import each other). `from` says where it was picked, so only the other side reacts by scrolling
 * or panning; `at` makes picking the same activity again a new event.
 */
export type ActivitySelection = { id: string; from: "list" | "map"; at: number };

let current: ActivitySelection | null = null;
const listeners = new Set<() => void>();

const emit = () => {
  for (const listener of listeners) listener();
};

export function selectActivity(id: string, from: ActivitySelection["from"]) {
  current = { id, from, at: (current?.at ?? 0) + 1 };
  emit();
}

export function clearActivitySelection() {
  if (current === null) return;
  current = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => current;

export function useActivitySelection(): ActivitySelection | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}

/** Whether `id` is the selected activity (its list item is highlighted). */
export function useIsActivitySelected(id: string) {
  return useActivitySelection()?.id === id;
}

/**
 * A ref for an activity's element in the list, scrolled into view when the activity was picked on
 * the map (not when picked in the list itself).
 */
export function useScrollWhenPickedOnMap(id: string) {
  const selection = useActivitySelection();
  const fromMapAt = selection?.id === id && selection.from === "map" ? selection.at : 0;
  const element = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (fromMapAt > 0) element.current?.scrollIntoView?.({ block: "center" });
  }, [fromMapAt]);
  return useCallback((node: HTMLElement | null) => {
    element.current = node;
  }, []);
}
