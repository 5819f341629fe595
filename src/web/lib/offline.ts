/** The service worker's cache of API reads (trips, the list, the session); see service-worker/worker.ts. */
const OFFLINE_API_CACHE = "boundless-api";

/** The worker keeps who is signed in (without the session itself) under this path; see service-worker/worker.ts. */
const SESSION_PATH = "/api/auth/get-session";

/** When the page asked for a kept read (Date.now()); the worker marks each copy with it. */
const ASKED_AT_HEADER = "X-Boundless-Asked-At";

/** Forgets every trip kept for offline reading (sign-out: nothing of this user stays on the device). */
export async function clearOfflineData() {
  if ("caches" in window) await caches.delete(OFFLINE_API_CACHE);
}

/**
 * Forgets every kept read asked for before `askedBefore` (when the session check that found another
 * user went out), and every read that does not say when it was asked (kept by an older worker).
 * A read asked since went with the same cookies as that check: it is the new user's own, and often
 * the very trip the page is opening with it (lib/early-requests.ts asks for both at once), which a
 * traveller who goes offline at once must still have. The session check's own entry stays: the
 * worker replaces it with each answer, and deleting it could race with the answer being kept.
 */
export async function clearOfflineReads(askedBefore: number) {
  if (!("caches" in window) || !(await caches.has(OFFLINE_API_CACHE))) return;
  const cache = await caches.open(OFFLINE_API_CACHE);
  const reads = await cache.keys();
  await Promise.all(
    reads
      .filter((request) => new URL(request.url).pathname !== SESSION_PATH)
      .map(async (request) => {
        const askedAt = Number((await cache.match(request))?.headers.get(ASKED_AT_HEADER) ?? NaN);
        if (askedAt >= askedBefore) return;
        await cache.delete(request);
      }),
  );
}
