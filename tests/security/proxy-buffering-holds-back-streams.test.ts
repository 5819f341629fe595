import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { parseSse } from "#tests/support/sse.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/**
 * Nginx buffers a proxied response unless told otherwise, so the days of a
 * generation would reach the browser all at once at the end. Both streams say `X-Accel-Buffering: no`.
 */
let t: TestApp;
beforeAll(async () => {
  // The offline planner and no weather service: nothing outside the process is needed.
  t = await createTestApp({
    AUTH_RATE_LIMIT: "1000",
    OPEN_METEO_GEOCODING_URL: "http://127.0.0.1:9",
  });
});
afterAll(() => t.close());

describe("streams tell reverse proxies not to buffer", () => {
  it("POST /api/trips as text/event-stream", async () => {
    const { client } = await signUpUser(t);
    const response = await client.post(
      "/api/trips",
      {
        destination: "Lisbon",
        startDate: "2030-05-01",
        endDate: "2030-05-03",
        budget: 1500,
        travelStyle: "comfort",
        interests: ["History"],
      },
      { Accept: "text/event-stream" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("content-encoding")).toBeNull();
    const events = parseSse(await response.text()).map((e) => e.event);
    expect(events[0]).toBe("start");
    expect(events.at(-1)).toBe("done");
  });

  it("POST /api/chat as text/event-stream", async () => {
    const response = await createClient(t).post(
      "/api/chat",
      { message: "Any tips for Lisbon?" },
      { Accept: "text/event-stream" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(parseSse(await response.text()).at(-1)?.event).toBe("done");
  });
});
