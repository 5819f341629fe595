import { count, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { trips } from "#server/db/schema.ts";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import type { OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { signUpUser } from "#tests/support/http.ts";
import { parseSse } from "#tests/support/sse.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { CLOSED_PORT_URL, createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * A service that did not answer is never read as "your destination does not exist": POST /api/trips
 * with the geocoder or Overpass unreachable (a closed port), hanging, refusing (503) or rate limiting
 * (429) saves the plan with a grounding reason that names the service and what happened, while a
 * real "nothing matched" keeps saying the destination could not be found. A hanging Overpass costs
 * one budget (PLACES_TIMEOUT_MS, the retry included), then planning goes on; the browser leaving
 * during the lookup saves nothing.
 */

const BUDGET_MS = 300;
const GENERAL = "so this plan uses general suggestions.";
const UNCHECKED = "so the places of this plan could not be checked on OpenStreetMap.";

let fakes: PlacesFakes;
let overpass: OverpassFake;
/** No model, places from the fakes, a small budget for the whole lookup. */
let keyless: TestApp;
/** No model, the geocoder on a closed port. */
let geocoderDown: TestApp;
/** No model, Overpass on a closed port. */
let overpassDown: TestApp;
/** The fake model, Overpass on a closed port. */
let modelOverpassDown: TestApp;
/** The fake model, places off, the geocoder on a closed port. */
let modelGeocoderDown: TestApp;
/** No model, a budget long enough to leave mid-lookup. */
let patient: TestApp;

beforeAll(async () => {
  fakes = await startPlacesFakes();
  ({ overpass } = fakes);
  const places = fakes.places(BUDGET_MS);
  [keyless, geocoderDown, overpassDown, modelOverpassDown, modelGeocoderDown, patient] =
    await Promise.all([
      createTestApp({ ...GENEROUS_LIMITS, ...places }),
      createTestApp({ ...GENEROUS_LIMITS, ...places, OPEN_METEO_GEOCODING_URL: CLOSED_PORT_URL }),
      createTestApp({
        ...GENEROUS_LIMITS,
        ...places,
        OVERPASS_URL: `${CLOSED_PORT_URL}/api/interpreter`,
      }),
      createTestApp({
        ...GENEROUS_LIMITS,
        ...fakes.ai,
        ...places,
        OVERPASS_URL: `${CLOSED_PORT_URL}/api/interpreter`,
      }),
      createTestApp({ ...GENEROUS_LIMITS, ...fakes.ai, OPEN_METEO_GEOCODING_URL: CLOSED_PORT_URL }),
      createTestApp({ ...GENEROUS_LIMITS, ...fakes.places(10_000) }),
    ]);
}, 60_000);

afterEach(async () => {
  fakes.reset();
  fakes.om.setFault(null);
  // Every case asks Overpass again: nothing answered from an earlier case's cache.
  await Promise.all(
    [keyless, patient].map((t) => t.deps.database.db.execute(sql`delete from places_cache`)),
  );
});

afterAll(async () => {
  await Promise.all(
    [keyless, geocoderDown, overpassDown, modelOverpassDown, modelGeocoderDown, patient].map((t) =>
      t.close(),
    ),
  );
  await fakes.close();
});

const tripBody = (overrides: Record<string, unknown> = {}) => ({
  destination: "Paris",
  startDate: "2026-12-29",
  endDate: "2026-12-30",
  budget: 3000,
  travelStyle: "comfort",
  interests: ["History"],
  ...overrides,
});

async function generate(t: TestApp, body: object = tripBody()): Promise<Trip> {
  const { client } = await signUpUser(t);
  const res = await client.post("/api/trips", body, { Accept: "application/json" });
  expect(res.status).toBe(201);
  return tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
}

const storedGrounding = async (t: TestApp, id: string) => {
  const [row] = await t.deps.database.db
    .select({ grounding: trips.grounding })
    .from(trips)
    .where(eq(trips.id, id));
  return row?.grounding;
};

describe("a geocoder that does not answer", () => {
  it("is named, never read as a destination that does not exist", async () => {
    const trip = await generate(geocoderDown);
    expect(trip.place).toBeNull();
    expect(trip.grounding).toEqual({
      status: "unavailable",
      verified: 0,
      total: 0,
      reason: `Real places could not be reached (the Open-Meteo geocoding service did not answer), ${GENERAL}`,
      serviceFailure: { service: "geocoding", reason: "unreachable" },
    });
    expect(await storedGrounding(geocoderDown, trip.id)).toEqual(trip.grounding);
    expect(trip.itinerary.days).toHaveLength(2);
  });

  it("says it did not answer in time when it hangs past the budget", async () => {
    fakes.om.setFault("hang");
    const trip = await generate(keyless, tripBody({ destination: "Lisbon" }));
    expect(trip.grounding.reason).toBe(
      `Real places could not be reached (the Open-Meteo geocoding service did not answer in time), ${GENERAL}`,
    );
    expect(trip.grounding.serviceFailure).toEqual({ service: "geocoding", reason: "timeout" });
    expect(overpass.requests).toHaveLength(0);
  });

  it("says it was too busy when it answers 429", async () => {
    fakes.om.setFault("rate-limited");
    const trip = await generate(keyless, tripBody({ destination: "Lisbon" }));
    expect(trip.grounding.reason).toBe(
      `Real places could not be reached (the Open-Meteo geocoding service was too busy to answer), ${GENERAL}`,
    );
    expect(trip.grounding.serviceFailure).toEqual({ service: "geocoding", reason: "rate_limited" });
  });

  it("is recorded on a model's plan with places off, which has no reason to give otherwise", async () => {
    const trip = await generate(modelGeocoderDown);
    expect(trip.place).toBeNull();
    expect(trip.grounding).toEqual({
      status: "off",
      verified: 0,
      total: 0,
      reason: null,
      serviceFailure: { service: "geocoding", reason: "unreachable" },
    });
  });

  it("keeps saying 'not found' when the geocoder answered that nothing matches", async () => {
    const trip = await generate(keyless, tripBody({ destination: "Atlantis" }));
    expect(trip.place).toBeNull();
    expect(trip.grounding).toEqual({
      status: "unavailable",
      verified: 0,
      total: 0,
      reason: `The destination could not be found on the map, ${GENERAL}`,
    });
    expect(overpass.requests).toHaveLength(0);
  });
});

describe("an Overpass that does not answer", () => {
  it("unreachable: the keyless plan says the OpenStreetMap service did not answer", async () => {
    const trip = await generate(overpassDown);
    expect(trip.place?.name).toBe("Paris");
    expect(trip.grounding).toEqual({
      status: "unavailable",
      verified: 0,
      total: 0,
      reason:
        "Real places could not be reached (the OpenStreetMap service did not answer), so this plan uses general suggestions.",
      serviceFailure: { service: "openstreetmap", reason: "unreachable" },
    });
    expect(await storedGrounding(overpassDown, trip.id)).toEqual(trip.grounding);
  });

  it("unreachable: a model's plan says its places could not be checked, and why", async () => {
    const trip = await generate(modelOverpassDown);
    expect(trip.grounding).toEqual({
      status: "unavailable",
      verified: 0,
      total: 0,
      reason: `Real places could not be reached (the OpenStreetMap service did not answer), ${UNCHECKED}`,
      serviceFailure: { service: "openstreetmap", reason: "unreachable" },
    });
    for (const a of trip.itinerary.days.flatMap((d) => d.activities)) expect(a.osmId).toBeNull();
  });

  it("hanging: the plan arrives after one budget for the whole lookup, retry included", async () => {
    overpass.setFailure("hang");
    const trip = await generate(keyless);
    expect(trip.grounding).toMatchObject({
      status: "unavailable",
      reason: `Real places could not be reached (the OpenStreetMap service did not answer in time), ${GENERAL}`,
      serviceFailure: { service: "openstreetmap", reason: "timeout" },
    });
    // History and Food & Dining, asked once each: the budget ended before any retry was made.
    expect(overpass.requests).toHaveLength(2);
    expect(trip.itinerary.days).toHaveLength(2);
  });

  it("refusing (503): says the service refused", async () => {
    overpass.setFailure("unavailable");
    const trip = await generate(keyless);
    expect(trip.grounding.reason).toBe(
      `Real places could not be reached (the OpenStreetMap service refused the request), ${GENERAL}`,
    );
    expect(trip.grounding.serviceFailure).toEqual({ service: "openstreetmap", reason: "refused" });
  });

  it("rate limiting (429): says the service was too busy", async () => {
    overpass.setFailure("busy");
    const trip = await generate(keyless);
    expect(trip.grounding.reason).toBe(
      `Real places could not be reached (the OpenStreetMap service was too busy to answer), ${GENERAL}`,
    );
    expect(trip.grounding.serviceFailure).toEqual({
      service: "openstreetmap",
      reason: "rate_limited",
    });
  });

  it("streams 'finding real places' before the lookup and the truthful reason with the trip", async () => {
    overpass.setFailure("hang");
    const { client } = await signUpUser(keyless);
    const res = await client.post("/api/trips", tripBody(), { Accept: "text/event-stream" });
    const events = parseSse(await res.text());
    expect(events.slice(0, 3)).toEqual([
      expect.objectContaining({ event: "start" }),
      { event: "places", data: { type: "places", status: "looking", name: "Paris" } },
      { event: "places", data: { type: "places", status: "done", name: "Paris" } },
    ]);
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    const trip = tripSchema.parse((done?.data as { trip: unknown }).trip);
    expect(trip.grounding.serviceFailure).toEqual({ service: "openstreetmap", reason: "timeout" });
  });
});

describe("leaving while real places are looked up", () => {
  it("stops the lookup and saves nothing", async () => {
    overpass.setFailure("hang");
    const user = await signUpUser(patient);
    const res = await user.client.post("/api/trips", tripBody(), {
      Accept: "text/event-stream",
    });
    const reader = res.body?.getReader();
    if (!reader) throw new Error("no body");
    let seen = "";
    while (!seen.includes("event: places")) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += new TextDecoder().decode(value);
    }
    expect(seen).toContain('"status":"looking"');
    await vi.waitFor(() => expect(overpass.inFlight).toBeGreaterThan(0), { timeout: 2000 });
    await reader.cancel();
    // The hanging requests are cut off when the browser leaves, long before the budget ends.
    await vi.waitFor(() => expect(overpass.inFlight).toBe(0), { timeout: 3000, interval: 10 });
    // One more round trip gives a planner that ignored the abort time to save.
    expect((await user.client.get("/api/trips")).status).toBe(200);
    const [row] = await patient.deps.database.db
      .select({ n: count() })
      .from(trips)
      .where(eq(trips.userId, user.userId));
    expect(row?.n).toBe(0);
  });
});
