import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import { purgeDeletedTrips } from "#server/trips/trip-deletion.ts";
import { deletionSummaryText } from "#shared/deletion-summary.ts";
import {
  deletionSummarySchema,
  deletedTripsResponseSchema,
} from "#shared/schemas/trip-deletion.ts";
import { expensesResponseSchema } from "#shared/schemas/expenses.ts";
import { tripListResponseSchema } from "#shared/schemas/trip-list.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Delete that says what it deletes and can be undone, through real HTTP on a real database.

let t: TestApp;
type Person = { client: TestClient; userId: string };
let ana: Person;
let bruno: Person;
let stranger: Person;

const stay = {
  id: "5b0b8f57-5a1e-4d59-9d8f-3f7c0f1f2a01",
  stopIndex: 0,
  name: "Hôtel du Marais",
  address: null,
  checkIn: "2027-05-01",
  checkOut: "2027-05-03",
  lat: null,
  lng: null,
  osmId: null,
  reference: "ABC123",
};

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  ana = await signUpUser(t, { name: "Ana Ferreira" });
  bruno = await signUpUser(t, { name: "Bruno Costa" });
  stranger = await signUpUser(t, { name: "Stranger" });
}, 120_000);

afterAll(() => t.close());

/** Paris with Bruno, four expenses, one booked stay and a public link. */
async function paris() {
  const trip = await insertTrip(t.deps.database.db, ana.userId, {
    name: "Paris",
    destination: "Paris",
    startDate: "2027-05-01",
    endDate: "2027-05-03",
    stays: [stay],
  });
  await t.deps.database.db
    .insert(tripMembers)
    .values({ tripId: trip.id, userId: bruno.userId, role: "editor" });
  for (const amount of [10, 20, 30, 40])
    await ana.client.post(`/api/trips/${trip.id}/expenses`, {
      amount,
      currency: "EUR",
      date: "2027-05-01",
      category: "food",
      description: `Meal ${amount}`,
      paidBy: ana.userId,
      split: { kind: "equal", among: [ana.userId, bruno.userId] },
    });
  await ana.client.post(`/api/trips/${trip.id}/share`, {});
  return trip.id;
}

const stateOf = async (tripId: string) => {
  const { rows } = await t.deps.database.db.execute<Record<string, unknown>>(sql`
    select
      (select json_agg(m order by m.user_id) from (select user_id, role from trip_members
        where trip_id = ${tripId}) m) as members,
      (select count(*) from trip_versions where trip_id = ${tripId})::int as versions,
      (select count(*) from trip_expenses where trip_id = ${tripId})::int as expenses,
      (select stays from trips where id = ${tripId}) as stays,
      (select itinerary from trips where id = ${tripId}) as itinerary`);
  return rows[0];
};

describe("deleting a trip", () => {
  it("says what goes with it; only the owner may ask", async () => {
    const id = await paris();
    const res = await ana.client.get(`/api/trips/${id}/deletion`);
    expect(res.status).toBe(200);
    const summary = deletionSummarySchema.parse(await res.json());
    expect(deletionSummaryText(summary)).toBe(
      "Paris · 4 expenses · 1 booked stay · Bruno Costa loses access · the public link stops working",
    );
    expect((await bruno.client.get(`/api/trips/${id}/deletion`)).status).toBe(403);
    expect((await stranger.client.get(`/api/trips/${id}/deletion`)).status).toBe(404);
  });

  it("ends the companion's access at once and tells their open page; restored whole by its owner", async () => {
    const id = await paris();
    const before = await stateOf(id);
    const shareUrl = tripResponseSchema.parse(
      await (await ana.client.get(`/api/trips/${id}`)).json(),
    ).trip.sharePath;
    expect(shareUrl).toBeTruthy();
    const stream = await bruno.client.get(`/api/trips/${id}/events`);
    const events = readEvents(stream);
    await events.next("ready");

    expect((await bruno.client.delete(`/api/trips/${id}`)).status).toBe(403);
    expect((await ana.client.delete(`/api/trips/${id}`)).status).toBe(204);
    expect((await events.next("revoked"))?.data).toEqual({ deleted: true });
    await events.close();

    for (const who of [ana, bruno]) {
      expect((await who.client.get(`/api/trips/${id}`)).status).toBe(404);
      expect((await who.client.get(`/api/trips/${id}/expenses`)).status).toBe(404);
      const list = tripListResponseSchema.parse(await (await who.client.get("/api/trips")).json());
      expect(list.trips.map((trip) => trip.id)).not.toContain(id);
    }
    expect((await bruno.client.get(`/api/trips/${id}/events`)).status).toBe(404);
    expect((await t.app.request(`/api/shared/${shareUrl!.split("/").pop()}`)).status).toBe(404);
    expect((await ana.client.delete(`/api/trips/${id}`)).status).toBe(404);

    const deleted = deletedTripsResponseSchema.parse(
      await (await ana.client.get("/api/trips/deleted")).json(),
    );
    expect(deleted.trips.map((trip) => trip.id)).toContain(id);
    const entry = deleted.trips.find((trip) => trip.id === id)!;
    expect(Date.parse(entry.purgeAt) - Date.parse(entry.deletedAt)).toBe(30 * 86_400_000);
    const brunos = deletedTripsResponseSchema.parse(
      await (await bruno.client.get("/api/trips/deleted")).json(),
    );
    expect(brunos.trips).toEqual([]);

    expect((await bruno.client.post(`/api/trips/${id}/undelete`, {})).status).toBe(404);
    expect((await stranger.client.post(`/api/trips/${id}/undelete`, {})).status).toBe(404);
    const restored = await ana.client.post(`/api/trips/${id}/undelete`, {});
    expect(restored.status).toBe(200);
    expect(tripResponseSchema.parse(await restored.json()).trip.stays).toHaveLength(1);
    expect(await stateOf(id)).toEqual(before);
    const brunoSees = await bruno.client.get(`/api/trips/${id}/expenses`);
    expect(brunoSees.status).toBe(200);
    expect(expensesResponseSchema.parse(await brunoSees.json()).expenses).toHaveLength(4);
    expect((await t.app.request(`/api/shared/${shareUrl!.split("/").pop()}`)).status).toBe(200);
    expect((await ana.client.post(`/api/trips/${id}/undelete`, {})).status).toBe(404);
  });

  it("is removed for good 30 days after, not before", async () => {
    const id = await paris();
    expect((await ana.client.delete(`/api/trips/${id}`)).status).toBe(204);
    const day = 86_400_000;
    await purgeDeletedTrips(t.deps.database.db, new Date(Date.now() + 29 * day));
    expect((await stateOf(id))?.expenses).toBe(4);
    const removed = await purgeDeletedTrips(t.deps.database.db, new Date(Date.now() + 31 * day));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect(await stateOf(id)).toMatchObject({ members: null, versions: 0, expenses: 0 });
    expect((await ana.client.post(`/api/trips/${id}/undelete`, {})).status).toBe(404);
  });
});
