import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import { createCachedFx, FX_RETRY_AFTER_MS } from "#server/services/fx/cached-fx.ts";
import { createFrankfurter } from "#server/services/fx/frankfurter.ts";
import {
  balancesResponseSchema,
  expenseResponseSchema,
  expensesResponseSchema,
} from "#shared/schemas/expenses.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { startFrankfurterFake } from "#tests/fakes/frankfurter-fake.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Expenses through real HTTP on a real database, with the Frankfurter fake answering rates in its
// own wire format. The clock of the rate cache is the test's, so "a minute later" needs no waiting.

const TODAY = "2026-11-25"; // a Wednesday
let clock = Date.parse(`${TODAY}T12:00:00Z`);
let fake: Awaited<ReturnType<typeof startFrankfurterFake>>;
let t: TestApp;
type Person = { client: TestClient; userId: string };
let alice: Person;
let bob: Person;
let carol: Person;
let viewer: Person;
let stranger: Person;
let tripId: string;

const dinner = (paidBy: string, among: string[], extra: Record<string, unknown> = {}) => ({
  amount: 84,
  currency: "EUR",
  date: "2026-11-20",
  category: "food",
  description: "Dinner",
  paidBy,
  split: { kind: "equal", among },
  ...extra,
});

/** The same adapter and cache the app wires, on the test's clock: a fresh one holds nothing. */
const rateCache = () =>
  createCachedFx({
    fx: createFrankfurter({ url: fake.url, timeoutMs: 2000, logger: t.deps.logger }),
    db: t.deps.database.db,
    logger: t.deps.logger,
    now: () => clock,
  });

beforeAll(async () => {
  fake = await startFrankfurterFake({ today: () => new Date(clock).toISOString().slice(0, 10) });
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", FX_URL: fake.url });
  t.deps.fx = rateCache();
  alice = await signUpUser(t, { name: "Alice" });
  bob = await signUpUser(t, { name: "Bob" });
  carol = await signUpUser(t, { name: "Carol" });
  viewer = await signUpUser(t, { name: "Vic" });
  stranger = await signUpUser(t, { name: "Stranger" });
}, 120_000);

afterAll(async () => {
  await t.close();
  await fake.close();
});

beforeEach(async () => {
  fake.setFault(null);
  fake.requests.length = 0;
  clock += 10 * FX_RETRY_AFTER_MS;
  const trip = await insertTrip(t.deps.database.db, alice.userId, {
    destination: "Lyon",
    place: { name: "Lyon", country: "France", lat: 45.76, lng: 4.84, timezone: "Europe/Paris" },
  });
  tripId = trip.id;
  await t.deps.database.db.insert(tripMembers).values([
    { tripId, userId: bob.userId, role: "editor" },
    { tripId, userId: carol.userId, role: "editor" },
    { tripId, userId: viewer.userId, role: "viewer" },
  ]);
});

async function post(client: TestClient, body: unknown) {
  return client.post(`/api/trips/${tripId}/expenses`, body);
}

describe("exchange rates", () => {
  it("the trip gains its place's currency and today's rates, asked once a day", async () => {
    const first = await alice.client.get(`/api/trips/${tripId}`);
    const { trip } = tripResponseSchema.parse(await first.json());
    expect(trip.place?.currency).toBe("EUR");
    expect(trip.rates).toEqual({
      date: new Date(clock).toISOString().slice(0, 10),
      USD: { EUR: 0.9 },
    });
    await alice.client.get(`/api/trips/${tripId}`);
    await bob.client.get(`/api/trips/${tripId}`);
    expect(fake.requests.filter((r) => r.startsWith("/v1/latest"))).toHaveLength(1);
    expect(fake.requests[0]).toBe("/v1/latest?base=USD");
  });

  it("rates null when the API fails and nothing is held; the trip still reads", async () => {
    fake.setFault("down");
    clock += 86_400_000; // a new day: nothing cached
    // An instance that holds no rates yet (one that does shows its last ones: trip-rates.test.ts).
    t.deps.fx = rateCache();
    const res = await alice.client.get(`/api/trips/${tripId}`);
    expect(res.status).toBe(200);
    expect(tripResponseSchema.parse(await res.json()).trip.rates).toBeNull();
  });

  it("a weekend date uses the Friday before, asked once and kept under both dates", async () => {
    fake.setDay("2026-11-06", { EUR: 0.8, GBP: 0.75 });
    const res = await post(
      alice.client,
      dinner(alice.userId, [alice.userId], { date: "2026-11-08" }),
    );
    expect(res.status).toBe(201);
    const { expense } = expenseResponseSchema.parse(await res.json());
    expect(expense).toMatchObject({
      amount: 84,
      currency: "EUR",
      amountUsd: 105,
      rate: 0.8,
      rateDate: "2026-11-06",
      date: "2026-11-08",
    });
    const again = await post(
      alice.client,
      dinner(alice.userId, [alice.userId], { date: "2026-11-08" }),
    );
    expect(again.status).toBe(201);
    const friday = await post(
      alice.client,
      dinner(alice.userId, [alice.userId], { date: "2026-11-06" }),
    );
    expect(expenseResponseSchema.parse(await friday.json()).expense.rate).toBe(0.8);
    expect(fake.requests.filter((r) => r.startsWith("/v1/2026-11-0"))).toEqual([
      "/v1/2026-11-08?base=USD",
    ]);
  });

  it("saved pending while rates cannot be had, converted on a later read", async () => {
    fake.setFault("down");
    const res = await post(
      alice.client,
      dinner(alice.userId, [alice.userId, bob.userId], { date: "2026-11-18" }),
    );
    expect(res.status).toBe(201);
    const { expense } = expenseResponseSchema.parse(await res.json());
    expect(expense).toMatchObject({ amountUsd: null, rate: null, rateDate: null });
    const pendingBalances = balancesResponseSchema.parse(
      await (await bob.client.get(`/api/trips/${tripId}/balances`)).json(),
    );
    // Settled in the trip's own currency (all its expenses are in euros), the expense needs no
    // rate: nothing is pending while the rates are down, and who owes what is already known.
    expect(pendingBalances.currency).toBe("EUR");
    expect(pendingBalances.pending).toBe(0);
    expect(pendingBalances.settle).toHaveLength(1);

    fake.setFault(null);
    clock += FX_RETRY_AFTER_MS;
    const list = expensesResponseSchema.parse(
      await (await bob.client.get(`/api/trips/${tripId}/expenses`)).json(),
    );
    expect(list.expenses[0]).toMatchObject({
      id: expense.id,
      amountUsd: 93.33,
      rate: 0.9,
      rateDate: "2026-11-18",
      version: 1,
    });
  });

  it("a hanging API is given up after FX_TIMEOUT_MS: pending, not a failure", async () => {
    fake.setFault("hang");
    const hanging = createCachedFx({
      fx: createFrankfurter({ url: fake.url, timeoutMs: 200, logger: t.deps.logger }),
      db: t.deps.database.db,
      logger: t.deps.logger,
      now: () => clock,
    });
    expect(await hanging.usdRates("2026-10-01")).toBeNull();
  });
});

describe("expenses", () => {
  it("adds, lists newest first, edits with a version, deletes", async () => {
    const first = await post(
      alice.client,
      dinner(alice.userId, [alice.userId, bob.userId, carol.userId]),
    );
    expect(first.status).toBe(201);
    const a = expenseResponseSchema.parse(await first.json()).expense;
    const second = await post(bob.client, {
      ...dinner(bob.userId, [alice.userId, bob.userId]),
      amount: 1200,
      currency: "JPY",
      date: "2026-11-21",
      description: "Ramen",
    });
    const b = expenseResponseSchema.parse(await second.json()).expense;
    expect(b.amountUsd).toBe(8);
    const list = expensesResponseSchema.parse(
      await (await viewer.client.get(`/api/trips/${tripId}/expenses`)).json(),
    );
    expect(list.expenses.map((e) => e.description)).toEqual(["Ramen", "Dinner"]);

    const edited = await carol.client.patch(`/api/trips/${tripId}/expenses/${a.id}`, {
      version: 1,
      amount: 90,
      description: "Dinner at Paul Bocuse",
    });
    expect(edited.status).toBe(200);
    const e = expenseResponseSchema.parse(await edited.json()).expense;
    expect(e).toMatchObject({ version: 2, amount: 90, amountUsd: 100 });
    const stale = await bob.client.patch(`/api/trips/${tripId}/expenses/${a.id}`, {
      version: 1,
      amount: 10,
    });
    expect(stale.status).toBe(409);
    expect(
      (await bob.client.delete(`/api/trips/${tripId}/expenses/${a.id}?version=1`)).status,
    ).toBe(409);
    expect(
      (await bob.client.delete(`/api/trips/${tripId}/expenses/${a.id}?version=2`)).status,
    ).toBe(204);
    expect(
      (await bob.client.delete(`/api/trips/${tripId}/expenses/${a.id}?version=2`)).status,
    ).toBe(404);
  });

  it("refuses what does not add up, naming the field", async () => {
    const cases: [unknown, string][] = [
      [dinner(alice.userId, [alice.userId], { amount: 0 }), "amount"],
      [dinner(alice.userId, [alice.userId], { amount: 12.345 }), "amount"],
      [dinner(alice.userId, [alice.userId], { amount: 12.5, currency: "JPY" }), "amount"],
      [dinner(alice.userId, [alice.userId], { currency: "EURO" }), "currency"],
      [dinner(alice.userId, [alice.userId], { category: "fun" }), "category"],
      [dinner(stranger.userId, [alice.userId]), "paidBy"],
      [dinner(alice.userId, [alice.userId, stranger.userId]), "split.among"],
      [
        dinner(alice.userId, [alice.userId, bob.userId], {
          split: {
            kind: "exact",
            among: [alice.userId, bob.userId],
            amounts: { [alice.userId]: 50, [bob.userId]: 30 },
          },
        }),
        "split.amounts",
      ],
    ];
    for (const [body, path] of cases) {
      const res = await post(alice.client, body);
      expect(res.status).toBe(422);
      const { error } = (await res.json()) as { error: { issues?: { path: string }[] } };
      expect(error.issues?.map((i) => i.path)).toContain(path);
    }
    expect(
      (
        await viewer.client.post(
          `/api/trips/${tripId}/expenses`,
          dinner(viewer.userId, [viewer.userId]),
        )
      ).status,
    ).toBe(403);
  });

  it("balances: cents exact, nets adding up to 0, the fewest transfers", async () => {
    // $90 three ways: 30 each.
    await post(alice.client, {
      ...dinner(alice.userId, [alice.userId, bob.userId, carol.userId]),
      amount: 90,
      currency: "USD",
    });
    // €27 exact: Bob 18, Carol 9 → $30 in USD split 20 / 10.
    await post(bob.client, {
      ...dinner(bob.userId, [bob.userId, carol.userId]),
      amount: 27,
      split: {
        kind: "exact",
        among: [bob.userId, carol.userId],
        amounts: { [bob.userId]: 18, [carol.userId]: 9 },
      },
    });
    const res = await viewer.client.get(`/api/trips/${tripId}/balances`);
    const balances = balancesResponseSchema.parse(await res.json());
    const by = Object.fromEntries(balances.members.map((m) => [m.name, m]));
    expect(balances.currency).toBe("USD");
    expect(by.Alice).toMatchObject({ paid: 90, share: 30, net: 60 });
    expect(by.Bob).toMatchObject({ paid: 30, share: 50, net: -20 });
    expect(by.Carol).toMatchObject({ paid: 0, share: 40, net: -40 });
    expect(by.Vic).toMatchObject({ paid: 0, share: 0, net: 0 });
    const cents = balances.members.reduce((sum, m) => sum + Math.round(m.net * 100), 0);
    expect(cents).toBe(0);
    expect(balances.settle).toEqual([
      { from: carol.userId, to: alice.userId, amount: 40 },
      { from: bob.userId, to: alice.userId, amount: 20 },
    ]);
  });

  it("balances: a cent that does not divide goes to one person, never lost", async () => {
    const everyone = [alice.userId, bob.userId, carol.userId];
    await post(alice.client, { ...dinner(alice.userId, everyone), amount: 100, currency: "USD" });
    const balances = balancesResponseSchema.parse(
      await (await bob.client.get(`/api/trips/${tripId}/balances`)).json(),
    );
    const shares = balances.members.map((m) => m.share).filter((s) => s > 0);
    expect(shares.sort()).toEqual([33.33, 33.33, 33.34]);
    expect(balances.members.reduce((sum, m) => sum + Math.round(m.net * 100), 0)).toBe(0);
    const owed = balances.settle.reduce((sum, s) => sum + Math.round(s.amount * 100), 0);
    expect(owed).toBe(
      Math.round(
        (100 - (balances.members.find((m) => m.userId === alice.userId)?.share ?? 0)) * 100,
      ),
    );
  });

  it("CSV: a header, one row per expense, formulas neutralised", async () => {
    await post(
      alice.client,
      dinner(alice.userId, [alice.userId], { description: '=HYPERLINK("http://evil")' }),
    );
    await post(
      alice.client,
      dinner(alice.userId, [alice.userId], { description: "Café, crème", date: "2026-11-19" }),
    );
    const res = await viewer.client.get(`/api/trips/${tripId}/expenses.csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const lines = (await res.text()).split("\r\n");
    expect(lines[0]).toBe(
      "Date,Description,Category,Amount,Currency,Amount (USD),Rate,Rate date,Paid by,Split,Shared by",
    );
    expect(lines[1]).toBe(
      `2026-11-20,"'=HYPERLINK(""http://evil"")",Food,84.00,EUR,93.33,0.9,2026-11-20,Alice,equal,Alice`,
    );
    expect(lines[2]).toBe(
      `2026-11-19,"Café, crème",Food,84.00,EUR,93.33,0.9,2026-11-19,Alice,equal,Alice`,
    );
    expect(lines[3]).toBe("");
  });

  it("appears live to the other members and in the history", async () => {
    const stream = await bob.client.get(`/api/trips/${tripId}/events`);
    const events = readEvents(stream);
    await events.next("ready");
    await post(alice.client, dinner(alice.userId, [alice.userId, bob.userId]));
    const change = await events.next("change");
    expect(change?.data).toMatchObject({
      summary: "Added an expense: Dinner €84.00",
      by: { name: "Alice" },
    });
    await events.close();
    const history = historyResponseSchema.parse(
      await (await bob.client.get(`/api/trips/${tripId}/history`)).json(),
    );
    expect(history.changes[0]?.summary).toBe("Added an expense: Dinner €84.00");
  });

  it("the account export includes its expenses; deletion removes them", async () => {
    const gone = await signUpUser(t, { name: "Gone", password: "correct horse battery" });
    await t.deps.database.db
      .insert(tripMembers)
      .values({ tripId, userId: gone.userId, role: "editor" });
    await post(gone.client, dinner(gone.userId, [gone.userId, alice.userId]));
    const exported = (await (await gone.client.get("/api/account/export")).json()) as {
      expenses: { description: string; paidBy: string }[];
    };
    expect(exported.expenses).toEqual([
      expect.objectContaining({ description: "Dinner", paidBy: gone.userId }),
    ]);
    const del = await gone.client.request("DELETE", "/api/account", {
      json: { password: "correct horse battery" },
    });
    expect(del.status).toBeLessThan(300);
    const { rows } = await t.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from trip_expenses where paid_by = ${gone.userId}`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
