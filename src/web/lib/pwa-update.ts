import { useSyncExternalStore } from "react";

/** Set when a new version of the app is installed and waiting; calling it switches to it. */
let applyUpdate: (() => void) | null = null;
const listeners = new Set<() => void>();

export function offerUpdate(apply: () => void) {
  applyUpdate = apply;
  for (const listener of listeners) listener();
}

export const useWaitingUpdate = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => applyUpdate,
    () => null,
  );
