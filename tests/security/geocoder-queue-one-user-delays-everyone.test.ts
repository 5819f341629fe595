import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Activity, TripPlace } from "#shared/schemas/itinerary.ts";
import { rateLimits, trips } from "#server/db/schema.ts";
import { createLogger } from "#server/lib/logger.ts";
import { createGeoService } from "#server/services/geo/create-geo.ts";
import { startNominatimFake, type NominatimFake } from "#tests/fakes/nominatim-fake.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import { CLOSED_PORT_URL, createTestApp, type TestApp } from "#tests/support/test-app.ts";

// With GEOCODER_URL set, one PATCH that changed 36 locations queued 36 lookups in the server's single
// one-a-second queue, and everyone else waited behind them (35 s measured). Now a save starts at most
// GEOCODER_LOOKUPS_PER_SAVE lookups (the rest stay unplaced until a later save), a user at most
// GEOCODER_USER_RATE_LIMIT an hour (counted in the database), and the queue serves users in turn.
// The queue's interval is shortened through the geo service's options; the assertions are on the
// order and number of requests the fake geocoder received, never on time.

const PARIS: TripPlace = {
  name: "Paris",
  country: "France",
  lat: 48.8566,
  lng: 2.3522,
  timezone: "Europe/Paris",
};
const DAYS = 3;
const PER_DAY = 12;

let nominatim: NominatimFake;
beforeAll(async () => {
  nominatim = await startNominatimFake();
});
afterEach(() => nominatim.reset());
afterAll(() => nominatim.close());

/** The real app whose geocoder queue waits `minIntervalMs` between requests. */
async function appWith(settings: Record<string, string>, minIntervalMs: number, timeoutMs = 5000) {
  const database = await createTestDatabase();
  const geo = createGeoService({
    db: database.db,
    logger: createLogger("silent"),
    geocodingUrl: CLOSED_PORT_URL,
    geocoderUrl: nominatim.url,
    contactEmail: "maps-team@example.org",
    timeoutMs,
    minIntervalMs,
  });
  const t = await createTestApp(
    { AUTH_RATE_LIMIT: "1000", GEOCODER_URL: nominatim.url, ...settings },
    { geo },
    { database },
  );
  return {
    t,
    close: async () => {
      await t.close();
      await database.close();
    },
  };
}

/** A Paris trip of 36 activities, each already pinned. */
async function pinnedTrip(t: TestApp, userId: string) {
  const startDate = "2031-04-01";
  const row = await insertTrip(t.deps.database.db, userId, {
    destination: "Paris",
    place: PARIS,
    startDate,
    days: DAYS,
  });
  const itinerary = {
    days: row.itinerary.days.map((day) => ({
      date: day.date,
      activities: Array.from({ length: PER_DAY }, (_, i) =>
        activityOf({
          time: `${String(8 + (i % 12)).padStart(2, "0")}:00`,
          activity: `Stop ${i + 1}`,
          location: "Place de la Concorde",
          description: "A stop.",
          cost: 0,
          lat: PARIS.lat,
          lng: PARIS.lng,
        }),
      ),
    })),
  };
  await t.deps.database.db.update(trips).set({ itinerary }).where(eq(trips.id, row.id));
  return { id: row.id, version: row.version, itinerary };
}

type Saved = { version: number; itinerary: { days: { date: string; activities: Activity[] }[] } };

/** PATCH every activity's location to `name(n)` (the same text again on later saves). */
async function save(
  client: TestClient,
  tripId: string,
  trip: Saved,
  name: (n: number) => string,
  only?: number,
): Promise<Saved> {
  let n = 0;
  const days = trip.itinerary.days.map((day) => ({
    date: day.date,
    activities: day.activities.map((a) => {
      n++;
      return only === undefined || n <= only ? { ...a, location: name(n) } : a;
    }),
  }));
  const res = await client.patch(`/api/trips/${tripId}`, {
    version: trip.version,
    itinerary: { days },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { trip: Saved }).trip;
}

const asked = (prefix: string) =>
  nominatim.searches().filter((r) => (r.query.q ?? "").startsWith(prefix));
const unplaced = (trip: Saved) =>
  trip.itinerary.days.flatMap((d) => d.activities).filter((a) => a.lat === null).length;

describe("one save that changes 36 locations", () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    app = await appWith({ GEOCODER_LOOKUPS_PER_SAVE: "12", GEOCODER_USER_RATE_LIMIT: "20" }, 5);
  });
  afterAll(() => app.close());

  it("starts at most GEOCODER_LOOKUPS_PER_SAVE lookups; later saves look up the rest, up to the hourly limit", async () => {
    const alice = await signUpUser(app.t);
    const trip = await pinnedTrip(app.t, alice.userId);
    const name = (n: number) => `Alice stop ${n}`;

    const first = await save(alice.client, trip.id, trip, name);
    expect(asked("Alice")).toHaveLength(12);
    // Every location changed: none keeps the old pin; the 24 not looked up stay unplaced.
    expect(unplaced(first)).toBe(36);

    // The same text again: the unplaced ones are looked up, 8 more reach the hourly 20.
    await save(alice.client, trip.id, first, name).then(async (second) => {
      expect(asked("Alice")).toHaveLength(20);
      await save(alice.client, trip.id, second, name);
    });
    expect(asked("Alice")).toHaveLength(20);
    // Never one place twice: the misses are cached.
    expect(new Set(asked("Alice").map((r) => r.query.q)).size).toBe(20);

    // The limits are Alice's own.
    const bob = await signUpUser(app.t);
    const bobs = await pinnedTrip(app.t, bob.userId);
    await save(bob.client, bobs.id, bobs, (n) => `Bob stop ${n}`, 3);
    expect(asked("Bob")).toHaveLength(3);
  });
});

describe("the geocoder's queue", () => {
  let app: Awaited<ReturnType<typeof appWith>>;
  beforeAll(async () => {
    // 36 lookups in one save, as before the per-save cap, to show the queue alone is fair. A request
    // the fake holds gives up after 1 s.
    app = await appWith(
      { GEOCODER_LOOKUPS_PER_SAVE: "36", GEOCODER_USER_RATE_LIMIT: "1000" },
      20,
      1000,
    );
  });
  afterAll(() => app.close());

  const until = async (done: () => boolean | Promise<boolean>) => {
    for (let i = 0; i < 1000 && !(await done()); i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await done()).toBe(true);
  };

  it("serves another user's single lookup next, not after Alice's 36", async () => {
    const alice = await signUpUser(app.t);
    const bob = await signUpUser(app.t);
    const alices = await pinnedTrip(app.t, alice.userId);
    const bobs = await pinnedTrip(app.t, bob.userId);

    const flood = save(alice.client, alices.id, alices, (n) => `Alice stop ${n}`);
    await until(() => asked("Alice").length >= 2);
    // Hold Alice's next request, so the queue is known to be waiting on it while Bob saves.
    nominatim.setFault("hang");
    const beforeHang = nominatim.searches().length;
    await until(() => nominatim.searches().length > beforeHang);
    const held = nominatim.searches().length;
    expect(held).toBeLessThan(36);

    const bobSaves = save(bob.client, bobs.id, bobs, () => "Bob's corner", 1);
    // Bob's lookup is queued right after his hourly count is written.
    await until(async () => {
      const rows = await app.t.deps.database.db
        .select()
        .from(rateLimits)
        .where(eq(rateLimits.key, `geocoder:${bob.userId}`));
      return rows.length === 1;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    nominatim.setFault(null);
    await Promise.all([bobSaves, flood]);

    const order = nominatim.searches().map((r) => r.query.q);
    expect(order).toHaveLength(37);
    // Next after the held request (one more of Alice's at most, had Bob's been a moment late).
    expect(order.indexOf("Bob's corner")).toBeLessThanOrEqual(held + 1);
    expect(order.indexOf("Bob's corner")).toBeGreaterThanOrEqual(held);
  });
});
