import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type * as EarlyRequestsModule from "./early-requests.ts";

type EarlyRequests = typeof EarlyRequestsModule;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

/** The network edge only: records each GET and answers with the given response (or a failure). */
function serve(answer: (url: string) => Response | Error) {
  const urls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: RequestInfo | URL) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      urls.push(url);
      const result = answer(url);
      return result instanceof Error ? Promise.reject(result) : Promise.resolve(result);
    }),
  );
  return urls;
}

// The module keeps what the page started: each test loads a fresh copy.
let early: EarlyRequests;
beforeEach(async () => {
  vi.resetModules();
  early = await import("./early-requests.ts");
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("startEarlyRequests", () => {
  it.each([
    ["/", ["/api/auth/get-session"]],
    ["/trips", ["/api/auth/get-session"]],
    ["/profile", ["/api/auth/get-session"]],
    ["/trips/abc", ["/api/auth/get-session", "/api/trips/abc"]],
    ["/trips/abc/", ["/api/auth/get-session", "/api/trips/abc"]],
    ["/trips/abc/print", ["/api/auth/get-session", "/api/trips/abc"]],
    ["/shared/xyz", ["/api/auth/get-session", "/api/shared/xyz"]],
    ["/shared/xyz/print", ["/api/auth/get-session", "/api/shared/xyz"]],
    // The id as the page's fetcher sends it: decoded by the router, then encodeURIComponent.
    ["/trips/a%20b", ["/api/auth/get-session", "/api/trips/a%20b"]],
    ["/trips/%E0%A4%A", ["/api/auth/get-session"]],
    ["/trips/abc/edit", ["/api/auth/get-session"]],
  ])("%s asks for %j", (path, expected) => {
    const urls = serve(() => json(200, {}));
    early.startEarlyRequests(path);
    expect(urls).toEqual(expected);
  });
});

describe("takeEarlyResponse", () => {
  it("hands a successful answer over once", async () => {
    serve(() => json(200, { trip: { id: "abc" } }));
    early.startEarlyRequests("/trips/abc");
    const response = await early.takeEarlyResponse("/api/trips/abc");
    expect(await response?.json()).toEqual({ trip: { id: "abc" } });
    expect(await early.takeEarlyResponse("/api/trips/abc")).toBeUndefined();
  });

  it("says when the answer it hands over was asked for", async () => {
    serve(() => json(200, { user: { id: "u" } }));
    const before = Date.now();
    early.startEarlyRequests("/");
    const after = Date.now();
    const answer = await early.takeEarlyAnswer("/api/auth/get-session");
    expect(await answer?.response.json()).toEqual({ user: { id: "u" } });
    expect(answer?.askedAt).toBeGreaterThanOrEqual(before);
    expect(answer?.askedAt).toBeLessThanOrEqual(after);
    expect(await early.takeEarlyAnswer("/api/auth/get-session")).toBeUndefined();
  });

  it("hands over nothing that was not started", async () => {
    serve(() => json(200, {}));
    early.startEarlyRequests("/trips/abc");
    expect(await early.takeEarlyResponse("/api/trips/other")).toBeUndefined();
  });

  it("keeps a failure for its caller to ask again: signed out, not found, offline", async () => {
    serve((url) =>
      url.endsWith("get-session")
        ? new TypeError("Failed to fetch")
        : json(401, { error: { code: "unauthorized", message: "Please sign in" } }),
    );
    early.startEarlyRequests("/trips/abc");
    expect(await early.takeEarlyResponse("/api/trips/abc")).toBeUndefined();
    expect(await early.takeEarlyResponse("/api/auth/get-session")).toBeUndefined();
  });

  it("hands over nothing once the page has been open a while", async () => {
    vi.useFakeTimers({ toFake: ["performance"] });
    serve(() => json(200, {}));
    early.startEarlyRequests("/trips/abc");
    vi.advanceTimersByTime(10_001);
    expect(await early.takeEarlyResponse("/api/trips/abc")).toBeUndefined();
  });
});

describe("apiRequest with an early answer", () => {
  it("uses the answer started with the page instead of asking again, then asks afresh", async () => {
    const urls = serve(() => json(200, { trip: { id: "abc" } }));
    early.startEarlyRequests("/trips/abc");
    const { apiRequest } = await import("./api-client.ts");
    const { z } = await import("zod/mini");
    const schema = z.object({ trip: z.object({ id: z.string() }) });
    const options = { schema, fallbackError: "Could not load" };
    expect(await apiRequest("/trips/abc", options)).toEqual({ trip: { id: "abc" } });
    expect(urls.filter((u) => u === "/api/trips/abc")).toHaveLength(1);
    expect(await apiRequest("/trips/abc", options)).toEqual({ trip: { id: "abc" } });
    expect(urls.filter((u) => u === "/api/trips/abc")).toHaveLength(2);
  });
});
