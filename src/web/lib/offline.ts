/** The service worker's cache of API reads (trips, the list, the session); see service-worker/worker.ts. */
const OFFLINE_API_CACHE = "boundless-api";

/** The worker keeps who is signed in (without the session itself) under this path; see service-worker/worker.ts. */
const SESSION_PATH = "/api/auth/get-session";

/** Forgets every trip kept for offline reading (sign-out: nothing of this user stays on the device). */
export async function clearOfflineData() {
  if ("caches" in window) await caches.delete(OFFLINE_API_CACHE);
}

/**
 * Forgets every kept read but the session check's: the worker replaces that one with each answer,
 * and deleting it could race with the answer that is being kept.
 */
export async function clearOfflineReads() {
  if (!("caches" in window) || !(await caches.has(OFFLINE_API_CACHE))) return;
  const cache = await caches.open(OFFLINE_API_CACHE);
  const reads = await cache.keys();
  await Promise.all(
    reads
      .filter((request) => new URL(request.url).pathname !== SESSION_PATH)
      .map((request) => cache.delete(request)),
  );
}
