import { useSyncExternalStore } from "react";

/** The activity whose pin the owner is placing by hand (the map is in picking mode), or null. */
export type Picking = { activityId: string; name: string } | null;

let current: Picking = null;
const listeners = new Set<() => void>();

export function setPicking(next: Picking) {
  current = next;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const snapshot = () => current;

export const usePicking = (): Picking => useSyncExternalStore(subscribe, snapshot, snapshot);
