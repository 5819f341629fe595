// A page that is built in the browser (a trip, for one) used to wait for the app's code to load,
// then for the session's answer, before it asked for its own data: three round trips over a phone's
// network one after the other. The entry chunk starts those GETs as the page loads instead, and the
// first caller that asks for the same URL is handed the answer already on its way.
//
// Only a successful answer is handed over, and only while the page is fresh: a failure (signed out,
// not found, offline) is asked again by its caller, so a visitor who signs in on /login and comes
// back is never shown the answer from before.

const FRESH_MS = 10_000;
const started = new Map<
  string,
  { at: number; askedAt: number; request: Promise<Response | undefined> }
>();

const get = (url: string) => {
  // The wall clock, as the service worker marks what it keeps with it (lib/offline.ts).
  const askedAt = Date.now();
  const request = fetch(url, { credentials: "same-origin" }).then(
    (response) => (response.ok ? response : undefined),
    () => undefined,
  );
  started.set(url, { at: performance.now(), askedAt, request });
};

const segment = (raw: string) => {
  try {
    return encodeURIComponent(decodeURIComponent(raw));
  } catch {
    return null;
  }
};

/** The GETs a page at this path will make first, started now. */
export function startEarlyRequests(pathname: string) {
  get("/api/auth/get-session");
  // The same URLs the pages' fetchers build (features/trips/api): the id as its own path segment.
  const trip = /^\/trips\/([^/]+)(?:\/print)?\/?$/.exec(pathname);
  const shared = /^\/shared\/([^/]+)(?:\/print)?\/?$/.exec(pathname);
  const tripId = trip?.[1] ? segment(trip[1]) : null;
  const sharedId = shared?.[1] ? segment(shared[1]) : null;
  if (tripId) get(`/api/trips/${tripId}`);
  if (sharedId) get(`/api/shared/${sharedId}`);
}

/**
 * The successful answer to a GET of this URL started with the page, once. Undefined (ask yourself)
 * when none was started, it failed, it was taken already, or the page has been open a while.
 */
export async function takeEarlyResponse(url: string): Promise<Response | undefined> {
  return (await takeEarlyAnswer(url))?.response;
}

/** As takeEarlyResponse, with when it was asked for (Date.now() as the request went out). */
export async function takeEarlyAnswer(
  url: string,
): Promise<{ response: Response; askedAt: number } | undefined> {
  const early = started.get(url);
  started.delete(url);
  if (!early || performance.now() - early.at > FRESH_MS) return undefined;
  const response = await early.request;
  return response && { response, askedAt: early.askedAt };
}
