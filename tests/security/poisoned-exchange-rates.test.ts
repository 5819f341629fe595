import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fxRates } from "#server/db/schema.ts";
import { createCachedFx, FX_RETRY_AFTER_MS } from "#server/services/fx/cached-fx.ts";
import { forgetRates } from "#server/services/fx/forget-rates.ts";
import { createFrankfurter } from "#server/services/fx/frankfurter.ts";
import { expenseResponseSchema } from "#shared/schemas/expenses.ts";
import { startFrankfurterFake } from "#tests/fakes/frankfurter-fake.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// F-7 (security review three): rates were trusted if merely positive and kept for good. 5e-324 for
// EUR made every EUR expense of that date a 422 on every instance, even after the provider
// recovered; 1e308 recorded an expense as $0, silently removing it from balances. Rates are now
// checked (finite, 1e-6…1e7 per USD, real currency codes) before they are stored or used; an answer
// that fails is not stored, and `npm run fx:forget -- DATE` drops a day an operator distrusts.

const TODAY = "2026-11-25";
let clock = Date.parse(`${TODAY}T12:00:00Z`);
let fake: Awaited<ReturnType<typeof startFrankfurterFake>>;
let t: TestApp;
let alice: { client: TestClient; userId: string };
let tripId: string;

beforeAll(async () => {
  fake = await startFrankfurterFake({ today: () => new Date(clock).toISOString().slice(0, 10) });
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", FX_URL: fake.url });
  alice = await signUpUser(t, { name: "Alice" });
}, 120_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(async () => {
  clock += 10 * FX_RETRY_AFTER_MS;
  // A fresh cache each time, on the test's clock: what one test held does not help the next.
  t.deps.fx = createCachedFx({
    fx: createFrankfurter({ url: fake.url, timeoutMs: 2000, logger: t.deps.logger }),
    db: t.deps.database.db,
    logger: t.deps.logger,
    now: () => clock,
  });
  const trip = await insertTrip(t.deps.database.db, alice.userId, {
    destination: "Lyon",
    place: { name: "Lyon", country: "France", lat: 45.76, lng: 4.84, timezone: "Europe/Paris" },
  });
  tripId = trip.id;
});

const dinner = (date: string) => ({
  amount: 84,
  currency: "EUR",
  date,
  category: "food",
  description: "Dinner",
  paidBy: alice.userId,
  split: { kind: "equal", among: [alice.userId] },
});

async function addDinner(date: string) {
  const res = await alice.client.post(`/api/trips/${tripId}/expenses`, dinner(date));
  expect(res.status).toBe(201);
  return expenseResponseSchema.parse(await res.json()).expense;
}

const storedDays = async (date: string) =>
  t.deps.database.db
    .select({ date: fxRates.date })
    .from(fxRates)
    .where(and(eq(fxRates.base, "USD"), eq(fxRates.date, date)));

describe("a provider's poisoned answer", () => {
  for (const [name, rates] of [
    ["5e-324 for EUR", { EUR: 5e-324, GBP: 0.8 }],
    ["1e308 for EUR", { EUR: 1e308, GBP: 0.8 }],
    ["a code that is not money", { EUR: 0.9, XAU: 0.0004 }],
    ["a made-up code", { EUR: 0.9, ZZQ: 2 }],
  ] as const)
    it(`${name}: the expense waits (pending, never $0 or a 422), nothing is stored, a sane answer later converts it`, async () => {
      const date = "2026-11-10";
      await forgetRates(t.deps.database.db, date);
      fake.setDay(date, rates);
      const pending = await addDinner(date);
      expect(pending).toMatchObject({ amountUsd: null, rate: null });
      expect(await storedDays(date)).toEqual([]);

      // The provider recovers: after the back-off the day is asked again, and the rates are used.
      fake.setDay(date, { EUR: 0.8, GBP: 0.75 });
      clock += 2 * FX_RETRY_AFTER_MS;
      const converted = await addDinner(date);
      expect(converted).toMatchObject({ rate: 0.8, amountUsd: 105 });
      expect(await storedDays(date)).toHaveLength(1);
    });
});

describe("rates stored before they were checked", () => {
  it("are not used: dropped and asked for again", async () => {
    const date = "2026-11-12";
    await forgetRates(t.deps.database.db, date);
    await t.deps.database.db
      .insert(fxRates)
      .values({ base: "USD", date, rateDate: date, rates: { EUR: 5e-324 } });
    fake.setDay(date, { EUR: 0.8 });
    const expense = await addDinner(date);
    expect(expense).toMatchObject({ rate: 0.8, amountUsd: 105 });
  });
});

describe("npm run fx:forget", () => {
  it("drops a day's stored rates (asked for it or published on it), and only that day's", async () => {
    const db = t.deps.database.db;
    await forgetRates(db, "2026-11-16");
    await forgetRates(db, "2026-11-14");
    await forgetRates(db, "2026-11-13");
    await db.insert(fxRates).values([
      { base: "USD", date: "2026-11-16", rateDate: "2026-11-13", rates: { EUR: 0.9 } },
      { base: "USD", date: "2026-11-13", rateDate: "2026-11-13", rates: { EUR: 0.9 } },
      { base: "USD", date: "2026-11-14", rateDate: "2026-11-14", rates: { EUR: 0.9 } },
    ]);
    expect(await forgetRates(db, "2026-11-13")).toBe(2);
    expect(await storedDays("2026-11-14")).toHaveLength(1);
    expect(await storedDays("2026-11-16")).toEqual([]);
  });

  it("refuses anything but a date, before opening the database", async () => {
    const run = promisify(execFile);
    const failed = await run(
      process.execPath,
      ["--import", "tsx", "scripts/fx-forget.ts", "soon"],
      {
        env: { ...process.env, DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" },
      },
    ).catch((error: { code: number; stderr: string }) => error);
    expect(failed).toMatchObject({ code: 2 });
    expect((failed as { stderr: string }).stderr).toContain(
      "Usage: npm run fx:forget -- YYYY-MM-DD",
    );
  });
});
