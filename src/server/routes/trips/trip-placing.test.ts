import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { Database } from "#server/db/database.ts";
import { activityPlacements } from "#server/db/schema.ts";
import { createMemoryBus } from "#server/live/live-bus.ts";
import { isPlacedOnMapSummary } from "#shared/placing.ts";
import { tripResponseSchema, tripSchema, type Trip } from "#shared/schemas/trip.ts";
import { answerItineraryPrompt } from "#tests/fakes/itinerary-model.ts";
import {
  NOMINATIM_PLACES,
  startNominatimFake,
  type NominatimFake,
} from "#tests/fakes/nominatim-fake.ts";
import { startOpenAIFake, type OpenAIFake } from "#tests/fakes/openai-fake.ts";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { FAKE_PLACES } from "#tests/fakes/weather-places.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import { tripOncePlaced } from "#tests/support/placing.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";

/*
 * Issue 44, item 11 ("No silent wait"): a new plan's activities are placed on the map after the
 * trip opened. POST /api/trips answers while the geocoder has not answered once; the count waiting
 * is in the trip (`placing.remaining`); pins arrive as the trip's live changes, on every instance;
 * the work is kept in the database, so another instance finishes what a stopped one began.
 */

// A city the geocoding service knows and the fake model does not: its activities come with no
// guessed coordinates, so a failed lookup leaves them unplaced.
const BRUGES = {
  ...FAKE_PLACES[0]!,
  name: "Bruges",
  country: "BE",
  countryName: "Belgium",
  lat: 51.2093,
  lon: 3.2247,
  timezone: "Europe/Brussels",
};

let ai: OpenAIFake;
let om: OpenMeteoFake;
let nominatim: NominatimFake;
let database: Database;
/** Two instances on one database and one channel between them. */
let a: TestApp;
let b: TestApp;

const settings = () => ({
  GENERATION_RATE_LIMIT: "1000",
  GENERATION_IP_RATE_LIMIT: "1000",
  AUTH_RATE_LIMIT: "1000",
  AI_BASE_URL: ai.url,
  AI_API_KEY: "test-key",
  AI_MODEL: "fake-model",
  OPEN_METEO_GEOCODING_URL: om.url,
  GEOCODER_URL: nominatim.url,
});

beforeAll(async () => {
  ai = await startOpenAIFake({ apiKey: "test-key", respond: answerItineraryPrompt });
  om = await startOpenMeteoFake({ places: [BRUGES] });
  nominatim = await startNominatimFake();
  database = await createTestDatabase();
  const liveBus = createMemoryBus();
  a = await createTestApp(settings(), {}, { database, liveBus });
  b = await createTestApp(settings(), {}, { database, liveBus });
}, 60_000);

afterEach(() => {
  nominatim.release();
  nominatim.reset();
});

afterAll(async () => {
  await a.close();
  await b.close();
  await database.close();
  await Promise.all([ai.close(), om.close(), nominatim.close()]);
});

let dateCounter = 0;
function tripBody(destination: string) {
  const start = new Date(Date.UTC(2027, 2, 1) + dateCounter++ * 40 * 86_400_000);
  const date = start.toISOString().slice(0, 10);
  return {
    destination,
    startDate: date,
    endDate: date,
    budget: 3000,
    travelStyle: "comfort",
    interests: ["Culture & Arts"],
  };
}

async function create(t: TestApp, client: TestClient, destination: string): Promise<Trip> {
  const res = await client.post("/api/trips", tripBody(destination), {
    Accept: "application/json",
  });
  expect(res.status).toBe(201);
  return tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
}

/** The same signed-in person on the other instance (the session lives in the shared database). */
function sameUserOn(t: TestApp, client: TestClient) {
  const other = createClient(t);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

const read = async (client: TestClient, id: string) =>
  tripResponseSchema.parse(await (await client.get(`/api/trips/${id}`)).json()).trip;

const activitiesOf = (trip: Trip) => trip.itinerary.days.flatMap((d) => d.activities);

describe("a model's plan with a geocoder (GEOCODER_URL)", () => {
  it("opens before any lookup answered; the pins arrive as live changes on the other instance", async () => {
    nominatim.hold();
    const { client } = await signUpUser(a);
    const trip = await create(a, client, "Paris");
    // Answered while the geocoder has not answered once: no pin yet, and the page says how many.
    expect(trip.placing).toEqual({ remaining: 3 });
    expect(activitiesOf(trip).every((x) => x.lat === null && x.lng === null)).toBe(true);
    await nominatim.held(1);

    // A page opened later, on the other instance, says it too and listens there.
    const onB = sameUserOn(b, client);
    expect((await read(onB, trip.id)).placing).toEqual({ remaining: 3 });
    const res = await onB.get(`/api/trips/${trip.id}/events`);
    expect(res.status).toBe(200);
    const events = readEvents(res);
    await events.next("ready");

    nominatim.release();
    const changes: { summary: string; version: number }[] = [];
    for (let n = 0; n < 3; n++) {
      const change = await events.next("change");
      changes.push(change?.data as { summary: string; version: number });
    }
    await events.close();
    expect(changes.map((c) => c.version)).toEqual([2, 3, 4]);
    expect(changes.every((c) => isPlacedOnMapSummary(c.summary))).toBe(true);

    const placed = await read(onB, trip.id);
    expect(placed.placing).toBeUndefined();
    for (const x of activitiesOf(placed)) {
      const known = NOMINATIM_PLACES.find((p) => x.location.startsWith(p.name))!;
      expect([x.lat, x.lng]).toEqual([known.lat, known.lon]);
    }
    expect(nominatim.searches()).toHaveLength(3);
    const rows = await database.db
      .select()
      .from(activityPlacements)
      .where(eq(activityPlacements.tripId, trip.id));
    expect(rows).toEqual([]);
  });

  it("the streamed plan's done trip says how many wait, like the JSON answer", async () => {
    nominatim.hold();
    const { client } = await signUpUser(a);
    const res = await client.post("/api/trips", tripBody("Paris"), {
      Accept: "text/event-stream",
    });
    expect(res.status).toBe(200);
    const events = readEvents(res);
    const done = await events.next("done");
    const trip = tripSchema.parse((done?.data as { trip: unknown }).trip);
    expect(trip.placing).toEqual({ remaining: 3 });
    nominatim.release();
    expect((await tripOncePlaced(client, trip.id)).placing).toBeUndefined();
  });

  it("a pin placed by hand while the lookups wait is kept, and the edit waits for no lookup", async () => {
    nominatim.hold();
    const { client } = await signUpUser(a);
    const trip = await create(a, client, "Paris");
    await nominatim.held(1);
    const day = trip.itinerary.days[0]!;
    const [first, ...rest] = day.activities;
    // Answered while the geocoder still holds every request: the edit asks it nothing.
    const moved = await client.patch(`/api/trips/${trip.id}`, {
      version: trip.version,
      itinerary: {
        days: [{ ...day, activities: [{ ...first!, lat: 48.87, lng: 2.35 }, ...rest] }],
      },
    });
    expect(moved.status).toBe(200);
    nominatim.release();
    const placed = await tripOncePlaced(client, trip.id);
    const [edited, ...others] = activitiesOf(placed);
    expect(edited).toMatchObject({ id: first!.id, lat: 48.87, lng: 2.35 });
    for (const x of others) {
      const known = NOMINATIM_PLACES.find((p) => x.location.startsWith(p.name))!;
      expect([x.lat, x.lng]).toEqual([known.lat, known.lon]);
    }
    // Each pin brought the legs into it (issue 46): with the routers off here, estimates said so.
    for (const x of others) {
      expect(x.travel?.source).toBe("estimate");
      expect(x.travel?.minutes).toBeGreaterThanOrEqual(0);
    }
  });

  it("a failed lookup with no guess leaves the activity unplaced, and nothing waits any more", async () => {
    nominatim.setFault("server-error");
    const { client } = await signUpUser(a);
    const trip = await create(a, client, "Bruges");
    expect(trip.placing).toEqual({ remaining: 3 });
    // No pin is saved, so no change comes: the instance's worker is waited for instead.
    await a.deps.placements.settled();
    const after = await read(client, trip.id);
    expect(after.placing).toBeUndefined();
    expect(nominatim.searches().length).toBeGreaterThan(0);
    expect(activitiesOf(after).every((x) => x.lat === null && x.lng === null)).toBe(true);
    expect(after.version).toBe(trip.version);
  });
});

describe("the work is kept in the database", () => {
  it("another instance finishes the placing a stopped one began", async () => {
    const liveBus = createMemoryBus();
    const stopping = await createTestApp(settings(), {}, { database, liveBus });
    nominatim.hold();
    const { client } = await signUpUser(stopping);
    const trip = await create(stopping, client, "Paris");
    await nominatim.held(1);
    // Stopped with a lookup in flight: what it held is given back to the table.
    await stopping.close();
    const rows = await database.db
      .select()
      .from(activityPlacements)
      .where(eq(activityPlacements.tripId, trip.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.claimedBy === null)).toBe(true);

    nominatim.release();
    b.deps.placements.start();
    const placed = await tripOncePlaced(sameUserOn(b, client), trip.id);
    for (const x of activitiesOf(placed)) {
      const known = NOMINATIM_PLACES.find((p) => x.location.startsWith(p.name))!;
      expect([x.lat, x.lng]).toEqual([known.lat, known.lon]);
    }
  });
});
