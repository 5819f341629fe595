import { useSyncExternalStore } from "react";

/** The service worker's cache of API reads (trips, the list, the session); see vite.config.ts. */
const OFFLINE_API_CACHE = "boundless-api";

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

/** Forgets every trip kept for offline reading (sign-out: nothing of this user stays on the device). */
export async function clearOfflineData() {
  if ("caches" in window) await caches.delete(OFFLINE_API_CACHE);
}
