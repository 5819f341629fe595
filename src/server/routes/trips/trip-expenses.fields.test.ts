import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import { expenseResponseSchema, expensesResponseSchema } from "#shared/schemas/expenses.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Two people editing one expense (issue 44 item 1): an edit sends only the fields its user changed,
 * so a companion's change to the other fields of the same expense is kept; a save on a version that
 * is no longer the latest is a 409 with nothing written, and the same fields sent again on the latest
 * version keep both changes. Dollars: no rate is needed.
 */

let t: TestApp;
let ana: { client: TestClient; userId: string };
let bruno: { client: TestClient; userId: string };
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  ana = await signUpUser(t, { name: "Ana Ferreira" });
  bruno = await signUpUser(t, { name: "Bruno Costa" });
}, 60_000);
afterAll(() => t.close());

async function sharedExpense() {
  const trip = await insertTrip(t.deps.database.db, ana.userId, { destination: "Paris" });
  await t.deps.database.db
    .insert(tripMembers)
    .values({ tripId: trip.id, userId: bruno.userId, role: "editor" });
  const res = await ana.client.post(`/api/trips/${trip.id}/expenses`, {
    amount: 84,
    currency: "USD",
    date: "2027-05-03",
    category: "food",
    description: "Dinner",
    paidBy: ana.userId,
    split: { kind: "equal", among: [ana.userId, bruno.userId] },
  });
  expect(res.status).toBe(201);
  const { expense } = expenseResponseSchema.parse(await res.json());
  return { tripId: trip.id, expense };
}

const stored = async (tripId: string) =>
  expensesResponseSchema.parse(await (await ana.client.get(`/api/trips/${tripId}/expenses`)).json())
    .expenses[0]!;

describe("two people editing one expense", () => {
  it("different fields: Ana's description and Bruno's amount are both kept", async () => {
    const { tripId, expense } = await sharedExpense();
    const url = `/api/trips/${tripId}/expenses/${expense.id}`;
    const byAna = await ana.client.patch(url, {
      version: 1,
      description: "Dinner at Le Procope",
    });
    expect(byAna.status).toBe(200);

    // Bruno's form had version 1: his save is refused, and nothing of it is written.
    const stale = await bruno.client.patch(url, { version: 1, amount: 13 });
    expect(stale.status).toBe(409);
    expect(await stored(tripId)).toMatchObject({
      version: 2,
      amount: 84,
      description: "Dinner at Le Procope",
    });

    // His changed field alone, on the latest version: Ana's description stays.
    const again = await bruno.client.patch(url, { version: 2, amount: 13 });
    expect(again.status).toBe(200);
    expect(await stored(tripId)).toMatchObject({
      version: 3,
      amount: 13,
      description: "Dinner at Le Procope",
      category: "food",
      paidBy: ana.userId,
      split: { kind: "equal", among: [ana.userId, bruno.userId] },
    });
  });

  it("a patch of changed fields leaves every other field as it is", async () => {
    const { tripId, expense } = await sharedExpense();
    const url = `/api/trips/${tripId}/expenses/${expense.id}`;
    const res = await bruno.client.patch(url, { version: 1, category: "other" });
    expect(res.status).toBe(200);
    const { expense: after } = expenseResponseSchema.parse(await res.json());
    const { version: _before, updatedAt: _b, category: _c, ...rest } = expense;
    expect(after).toMatchObject({ ...rest, category: "other", version: 2 });
  });
});
