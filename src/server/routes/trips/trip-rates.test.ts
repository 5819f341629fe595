import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { fxRates } from "#server/db/schema.ts";
import { createCachedFx, FX_RETRY_AFTER_MS } from "#server/services/fx/cached-fx.ts";
import { createFrankfurter } from "#server/services/fx/frankfurter.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { lastBusinessDay, startFrankfurterFake } from "#tests/fakes/frankfurter-fake.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The trip page's hot read of exchange rates (GET /api/trips/:id): each test gives the app a fresh
// rate cache (a fresh instance's memory) on the test's clock, over the one database; the
// Frankfurter fake counts what it is asked and can hold requests open ("hang") or let them go.

const DAY_MS = 86_400_000;
let clock = Date.parse("2026-11-25T12:00:00Z"); // a Wednesday
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
let fake: Awaited<ReturnType<typeof startFrankfurterFake>>;
let t: TestApp;
let alice: TestClient;
let tripId: string;

/** One instance's rate cache. A first wait of an hour: a read that waited would time the test out. */
const instance = (options: { url?: string; firstWaitMs?: number } = {}) =>
  createCachedFx({
    fx: createFrankfurter({
      url: options.url ?? fake.url,
      timeoutMs: 60_000,
      logger: t.deps.logger,
    }),
    db: t.deps.database.db,
    logger: t.deps.logger,
    now: () => clock,
    firstWaitMs: options.firstWaitMs ?? 3_600_000,
  });

/** vi.waitFor polls until it passes or gives up (a bound on a background step, not a timing). */
const WAIT = { timeout: 15_000, interval: 20 };
const latestAsked = () => fake.requests.filter((r) => r.startsWith("/v1/latest"));

async function readRates() {
  const res = await alice.get(`/api/trips/${tripId}`);
  expect(res.status).toBe(200);
  return tripResponseSchema.parse(await res.json()).trip.rates;
}

beforeAll(async () => {
  fake = await startFrankfurterFake({ today: () => dateOf(clock) });
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", FX_URL: fake.url });
  const user = await signUpUser(t, { name: "Alice" });
  alice = user.client;
  const trip = await insertTrip(t.deps.database.db, user.userId, {
    destination: "Lyon",
    place: { name: "Lyon", country: "France", lat: 45.76, lng: 4.84, timezone: "Europe/Paris" },
  });
  tripId = trip.id;
}, 120_000);

afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(() => {
  fake.setFault(null);
  fake.requests.length = 0;
  // Every test on a day of its own (a weekday), nothing in the table for it yet.
  do clock += DAY_MS;
  while (lastBusinessDay(dateOf(clock)) !== dateOf(clock));
});

describe("GET /api/trips/:id rates, from memory", () => {
  it("after the first read of the day, neither the rates table nor Frankfurter is asked", async () => {
    t.deps.fx = instance();
    const today = dateOf(clock);
    expect(await readRates()).toEqual({ date: today, USD: { EUR: 0.9 } });
    expect(latestAsked()).toEqual(["/v1/latest?base=USD"]);

    // The table and the API now say otherwise: reads that asked either would show it.
    await t.deps.database.db
      .update(fxRates)
      .set({ rates: { EUR: 0.5 } })
      .where(and(eq(fxRates.base, "USD"), eq(fxRates.date, today)));
    fake.setDay(today, { EUR: 0.4 });
    for (let n = 0; n < 3; n++)
      expect(await readRates()).toEqual({ date: today, USD: { EUR: 0.9 } });
    expect(latestAsked()).toHaveLength(1);

    // Another instance on the same database reads the table (the shared cache), not the API.
    t.deps.fx = instance();
    expect(await readRates()).toEqual({ date: today, USD: { EUR: 0.5 } });
    expect(latestAsked()).toHaveLength(1);
  });

  it("two instances asking at once agree on the table's rates", async () => {
    const today = dateOf(clock);
    // Each instance asks the API through its own connection: A's answers, B's is held until A
    // has kept the day, and then says something else.
    const aApi = await startFrankfurterFake({ today: () => dateOf(clock) });
    try {
      const a = instance({ url: aApi.url });
      const b = instance();
      fake.setDay(today, { EUR: 0.4 });
      fake.setFault("hang");
      t.deps.fx = b;
      const bReads = readRates(); // nothing in the table yet: B asks the API, which holds it
      await vi.waitFor(() => expect(fake.held()).toBe(1), WAIT);
      expect(await a.usdRates()).toMatchObject({ rates: { EUR: 0.9 } }); // A asks and keeps first
      fake.release();
      expect(await bReads).toEqual({ date: today, USD: { EUR: 0.9 } });
      expect(await readRates()).toEqual({ date: today, USD: { EUR: 0.9 } });
      t.deps.fx = a;
      expect(await readRates()).toEqual({ date: today, USD: { EUR: 0.9 } });
      const [row] = await t.deps.database.db
        .select({ rates: fxRates.rates })
        .from(fxRates)
        .where(and(eq(fxRates.base, "USD"), eq(fxRates.date, today)));
      expect(row?.rates).toMatchObject({ EUR: 0.9 });
      expect(latestAsked()).toHaveLength(1);
      expect(aApi.requests).toHaveLength(1);
    } finally {
      await aApi.close();
    }
  });
});

describe("GET /api/trips/:id never waits for Frankfurter once an instance has had an answer", () => {
  it("a new day with the API hanging: the last rates at once, today's filled in the background", async () => {
    t.deps.fx = instance();
    const yesterday = dateOf(clock);
    expect(await readRates()).toEqual({ date: yesterday, USD: { EUR: 0.9 } });

    clock += DAY_MS;
    const today = dateOf(clock);
    fake.setDay(lastBusinessDay(today), { EUR: 0.95 });
    fake.setFault("hang");
    // The adapter would wait 60 s for the API: these answer while it still holds the request.
    expect(await readRates()).toEqual({ date: yesterday, USD: { EUR: 0.9 } });
    expect(await readRates()).toEqual({ date: yesterday, USD: { EUR: 0.9 } });
    await vi.waitFor(() => expect(fake.held()).toBe(1), WAIT);
    expect(latestAsked()).toHaveLength(2); // yesterday's, and today's once for both reads

    fake.release();
    await vi.waitFor(
      async () =>
        expect(await readRates()).toEqual({ date: lastBusinessDay(today), USD: { EUR: 0.95 } }),
      WAIT,
    );
    expect(latestAsked()).toHaveLength(2);
  });

  it("the API down at an instance's first read: null, then null at once with no query or request while backing off", async () => {
    fake.setFault("down");
    t.deps.fx = instance();
    expect(await readRates()).toBeNull(); // the first answer of this instance: a 502
    expect(latestAsked()).toHaveLength(1);

    // Kept meanwhile by another instance: not looked for while backing off.
    const today = dateOf(clock);
    await t.deps.database.db
      .insert(fxRates)
      .values({ base: "USD", date: today, rateDate: today, rates: { EUR: 0.8 } });
    expect(await readRates()).toBeNull();
    expect(latestAsked()).toHaveLength(1);

    // After the back-off, with the API hanging: the read answers at once (null) and the table's
    // rates come into memory behind it, so the next read has them.
    fake.setFault("hang");
    clock += FX_RETRY_AFTER_MS;
    expect(await readRates()).toBeNull();
    await vi.waitFor(
      async () => expect(await readRates()).toEqual({ date: today, USD: { EUR: 0.8 } }),
      WAIT,
    );
    expect(latestAsked()).toHaveLength(1);
    expect(fake.held()).toBe(0);
  });

  it("an instance's very first read waits for the API at most firstWaitMs", async () => {
    fake.setFault("hang");
    t.deps.fx = instance({ firstWaitMs: 50 });
    expect(await readRates()).toBeNull();
    // Still asked; the answer is kept for the next read.
    await vi.waitFor(() => expect(fake.held()).toBe(1), WAIT);
    fake.release();
    await vi.waitFor(
      async () => expect(await readRates()).toEqual({ date: dateOf(clock), USD: { EUR: 0.9 } }),
      WAIT,
    );
    expect(latestAsked()).toHaveLength(1);
  });
});
