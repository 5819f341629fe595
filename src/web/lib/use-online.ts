import { useSyncExternalStore } from "react";

// Apart from offline.ts (the caches sign-out clears, which the first view needs): only pages that
// show the connection load this.

const subscribe = (onChange: () => void) => {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
};

/** False while the browser has no network: saved trips still read, edits and planning wait. */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
