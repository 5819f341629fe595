import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import {
  balancesResponseSchema,
  expensesResponseSchema,
  paymentResponseSchema,
  paymentsResponseSchema,
} from "#shared/schemas/expenses.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Settling up in the trip's own currency, and "Record a payment", through real HTTP on a real
// database. Rates are off (FX_URL=off in tests): a trip whose money is all in euros needs none.

let t: TestApp;
type Person = { client: TestClient; userId: string };
let ana: Person;
let bruno: Person;
let carla: Person;
let viewer: Person;
let stranger: Person;
let tripId: string;

const expense = (paidBy: string, amount: number, among: string[]) => ({
  amount,
  currency: "EUR",
  date: "2027-05-02",
  category: "food",
  description: `Paid ${amount}`,
  paidBy,
  split: { kind: "equal", among },
});

const balances = async (client: TestClient) => {
  const res = await client.get(`/api/trips/${tripId}/balances`);
  expect(res.status).toBe(200);
  return balancesResponseSchema.parse(await res.json());
};

const tripOf = async (client: TestClient) =>
  tripResponseSchema.parse(await (await client.get(`/api/trips/${tripId}`)).json()).trip;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  ana = await signUpUser(t, { name: "Ana Ferreira" });
  bruno = await signUpUser(t, { name: "Bruno Costa" });
  carla = await signUpUser(t, { name: "Carla Dias" });
  viewer = await signUpUser(t, { name: "Vera" });
  stranger = await signUpUser(t, { name: "Stranger" });
}, 120_000);

afterAll(() => t.close());

beforeEach(async () => {
  const trip = await insertTrip(t.deps.database.db, ana.userId, { destination: "Paris" });
  tripId = trip.id;
  await t.deps.database.db.insert(tripMembers).values([
    { tripId, userId: bruno.userId, role: "editor" },
    { tripId, userId: carla.userId, role: "editor" },
    { tripId, userId: viewer.userId, role: "viewer" },
  ]);
});

describe("a trip in euros", () => {
  it("settles in euros by default and to exactly zero after the suggested payments", async () => {
    expect((await tripOf(ana.client)).settlementCurrency).toBe("USD");
    const everyone = [ana.userId, bruno.userId, carla.userId];
    for (const body of [
      expense(ana.userId, 362.2, everyone),
      expense(bruno.userId, 100.01, everyone),
      expense(ana.userId, 45.5, [ana.userId, bruno.userId]),
    ])
      expect((await ana.client.post(`/api/trips/${tripId}/expenses`, body)).status).toBe(201);
    expect((await tripOf(bruno.client)).settlementCurrency).toBe("EUR");

    const before = await balances(bruno.client);
    expect(before.currency).toBe("EUR");
    expect(before.pending).toBe(0);
    // Cents exact: the nets add up to exactly zero.
    expect(before.members.reduce((sum, m) => sum + Math.round(m.net * 100), 0)).toBe(0);
    expect(before.settle.length).toBeGreaterThan(0);

    for (const transfer of before.settle) {
      const res = await bruno.client.post(`/api/trips/${tripId}/payments`, {
        ...transfer,
        currency: "EUR",
        date: "2027-05-04",
      });
      expect(res.status).toBe(201);
      expect(paymentResponseSchema.parse(await res.json()).payment).toMatchObject({
        from: transfer.from,
        to: transfer.to,
        amount: transfer.amount,
        currency: "EUR",
      });
    }
    const after = await balances(carla.client);
    expect(after.settle).toEqual([]);
    expect(after.members.every((m) => m.net === 0)).toBe(true);
    // A transfer, not spending: what each paid and owed for the trip is unchanged.
    expect(after.members.map((m) => [m.paid, m.share])).toEqual(
      before.members.map((m) => [m.paid, m.share]),
    );
    // Nor is it an expense (planned vs spent reads the expenses).
    const list = expensesResponseSchema.parse(
      await (await ana.client.get(`/api/trips/${tripId}/expenses`)).json(),
    );
    expect(list.expenses).toHaveLength(3);
    const payments = paymentsResponseSchema.parse(
      await (await viewer.client.get(`/api/trips/${tripId}/payments`)).json(),
    );
    expect(payments.payments).toHaveLength(before.settle.length);
  });

  it("a chosen settlement currency is kept through the versioned PATCH; null follows the expenses", async () => {
    await ana.client.post(
      `/api/trips/${tripId}/expenses`,
      expense(ana.userId, 30, [ana.userId, bruno.userId]),
    );
    let trip = await tripOf(ana.client);
    expect(trip.settlementCurrency).toBe("EUR");
    const chosen = await bruno.client.patch(`/api/trips/${tripId}`, {
      version: trip.version,
      settlementCurrency: "usd",
    });
    expect(chosen.status).toBe(200);
    trip = tripResponseSchema.parse(await chosen.json()).trip;
    expect(trip.settlementCurrency).toBe("USD");
    // Another euro expense does not move a chosen currency.
    await ana.client.post(`/api/trips/${tripId}/expenses`, expense(ana.userId, 10, [ana.userId]));
    trip = await tripOf(ana.client);
    expect(trip.settlementCurrency).toBe("USD");
    // Without rates the euro expenses wait for them in dollars.
    const inDollars = await balances(ana.client);
    expect(inDollars).toMatchObject({ currency: "USD", pending: 2 });
    const back = await ana.client.patch(`/api/trips/${tripId}`, {
      version: trip.version,
      settlementCurrency: null,
    });
    expect(tripResponseSchema.parse(await back.json()).trip.settlementCurrency).toBe("EUR");
    const bad = await ana.client.patch(`/api/trips/${tripId}`, {
      version: trip.version + 1,
      settlementCurrency: "XAU",
    });
    expect(bad.status).toBe(422);
    const viewerPatch = await viewer.client.patch(`/api/trips/${tripId}`, {
      version: trip.version + 1,
      settlementCurrency: "EUR",
    });
    expect(viewerPatch.status).toBe(403);
  });
});

describe("payments", () => {
  const payment = (extra: Record<string, unknown> = {}) => ({
    from: bruno.userId,
    to: ana.userId,
    amount: 20,
    currency: "EUR",
    date: "2027-05-03",
    ...extra,
  });

  it("members with edit rights record and remove them; viewers read; others get 404", async () => {
    expect((await viewer.client.post(`/api/trips/${tripId}/payments`, payment())).status).toBe(403);
    expect((await stranger.client.post(`/api/trips/${tripId}/payments`, payment())).status).toBe(
      404,
    );
    expect((await stranger.client.get(`/api/trips/${tripId}/payments`)).status).toBe(404);
    const created = await carla.client.post(`/api/trips/${tripId}/payments`, payment());
    expect(created.status).toBe(201);
    const { payment: saved } = paymentResponseSchema.parse(await created.json());
    const listed = paymentsResponseSchema.parse(
      await (await viewer.client.get(`/api/trips/${tripId}/payments`)).json(),
    );
    expect(listed.payments.map((p) => p.id)).toEqual([saved.id]);
    const path = `/api/trips/${tripId}/payments/${saved.id}`;
    expect((await viewer.client.delete(path)).status).toBe(403);
    expect((await stranger.client.delete(path)).status).toBe(404);
    expect((await ana.client.delete(path)).status).toBe(204);
    expect((await ana.client.delete(path)).status).toBe(404);
    expect((await ana.client.delete(`/api/trips/${tripId}/payments/not-an-id`)).status).toBe(404);
    const after = await balances(ana.client);
    expect(after.members.every((m) => m.net === 0)).toBe(true);
  });

  it("422 naming the field: members only, someone else, more than 0, the currency's decimals", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ from: stranger.userId }, "from"],
      [{ to: stranger.userId }, "to"],
      [{ to: bruno.userId }, "to"],
      [{ amount: 0 }, "amount"],
      [{ amount: -5 }, "amount"],
      [{ amount: 1.234 }, "amount"],
      [{ currency: "BOV" }, "currency"],
      [{ currency: "XTS" }, "currency"],
      [{ date: "May 3rd" }, "date"],
    ];
    for (const [extra, field] of cases) {
      const res = await ana.client.post(`/api/trips/${tripId}/payments`, payment(extra));
      expect(res.status, JSON.stringify(extra)).toBe(422);
      const { error } = (await res.json()) as { error: { issues?: { path: string }[] } };
      expect(error.issues?.map((i) => i.path)).toContain(field);
    }
    const listed = paymentsResponseSchema.parse(
      await (await ana.client.get(`/api/trips/${tripId}/payments`)).json(),
    );
    expect(listed.payments).toEqual([]);
  });
});
