import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers, trips } from "#server/db/schema.ts";
import { formatDayLabel } from "#shared/format.ts";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import { tripConflictSchema, type ActivityInput } from "#shared/schemas/trip-edit.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import { LIMIT_RETRY_MS } from "./trip-events.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

async function ownTrip(days = 3) {
  const owner = await signUpUser(t, { name: "Alice" });
  const row = await insertTrip(t.deps.database.db, owner.userId, { days });
  return { ...owner, row };
}

const days = (itinerary: Itinerary): { date: string; activities: ActivityInput[] }[] =>
  itinerary.days.map((d) => ({ date: d.date, activities: [...d.activities] }));

async function patchOk(client: TestClient, id: string, body: unknown): Promise<Trip> {
  const res = await client.patch(`/api/trips/${id}`, body);
  const json = (await res.json()) as unknown;
  expect(res.status, JSON.stringify(json)).toBe(200);
  return tripResponseSchema.parse(json).trip;
}

async function history(client: TestClient, id: string, before?: number) {
  const res = await client.get(`/api/trips/${id}/history${before ? `?before=${before}` : ""}`);
  expect(res.status).toBe(200);
  return historyResponseSchema.parse(await res.json()).changes;
}

/** The first activity of day `day` renamed (a change to that activity alone). */
function renamed(itinerary: Itinerary, day: number, name: string) {
  const list = days(itinerary);
  const first = list[day]!.activities[0]!;
  list[day]!.activities[0] = { ...first, activity: name };
  return list;
}

const stored = async (id: string) =>
  (await t.deps.database.db.select().from(trips).where(eq(trips.id, id)))[0];

describe("history", () => {
  it("writes one line per save, newest first, by whom: edit, move, dates, regenerate, chat, restore", async () => {
    const { client, row, userId } = await ownTrip(3);
    let trip = await patchOk(client, row.id, { version: 1, name: "Spring in Lisbon" });
    const list = days(trip.itinerary);
    const moving = list[0]!.activities.shift()!;
    list[2]!.activities.push(moving);
    trip = await patchOk(client, row.id, { version: 2, itinerary: { days: list } });
    trip = await patchOk(client, row.id, { version: 3, startDate: "2027-04-01" });
    trip = await patchOk(client, row.id, {
      version: 4,
      reason: "regenerate",
      itinerary: { days: renamed(trip.itinerary, 1, "Fado night") },
    });
    trip = await patchOk(client, row.id, {
      version: 5,
      reason: "chat",
      itinerary: { days: renamed(trip.itinerary, 0, "Tram 28") },
    });
    const restore = await client.post(`/api/trips/${row.id}/restore`, { version: 2 });
    expect(restore.status).toBe(200);
    const restored = tripResponseSchema.parse(await restore.json()).trip;
    expect(restored).toMatchObject({
      version: 7,
      name: "Spring in Lisbon",
      startDate: row.startDate,
    });

    const changes = await history(client, row.id);
    expect(changes.map((c) => [c.version, c.summary])).toEqual([
      [7, "Restored version 2"],
      [6, "Accepted the assistant’s proposal"],
      [5, `Regenerated ${formatDayLabel("2027-04-02")}`],
      [4, "Changed the dates"],
      [3, `Moved “${moving.activity}” to ${formatDayLabel(list[2]!.date)}`],
      [2, "Renamed the trip “Spring in Lisbon”"],
      [1, "Saved before history was kept"],
    ]);
    for (const change of changes) expect(change.by).toEqual({ userId, name: "Alice" });
    expect(changes[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it("a created or copied trip starts with 'Created the trip'", async () => {
    const { client, row } = await ownTrip(2);
    const copy = await client.post(`/api/trips/${row.id}/duplicate`, { startDate: "2027-06-01" });
    const trip = tripResponseSchema.parse(await copy.json()).trip;
    expect((await history(client, trip.id)).map((c) => c.summary)).toEqual(["Created the trip"]);
  });

  it("pages 20 at a time with ?before, and keeps the last 100 versions", async () => {
    const { client, row } = await ownTrip(1);
    // Straight to version 118 in the table, then three saves through the API.
    await t.deps.database.db.update(trips).set({ version: 118 }).where(eq(trips.id, row.id));
    for (let v = 118; v < 121; v++) await patchOk(client, row.id, { version: v, budget: v });
    const first = await history(client, row.id);
    expect(first.map((c) => c.version)).toEqual([121, 120, 119, 118]);
    expect((await history(client, row.id, 120)).map((c) => c.version)).toEqual([119, 118]);

    const { client: other, row: long } = await ownTrip(1);
    for (let v = 1; v <= 25; v++) await patchOk(other, long.id, { version: v, budget: 100 + v });
    const page = await history(other, long.id);
    expect(page.map((c) => c.version)).toEqual(Array.from({ length: 20 }, (_, i) => 26 - i));
    expect((await history(other, long.id, 7)).map((c) => c.version)).toEqual([6, 5, 4, 3, 2, 1]);
    await t.deps.database.db.update(trips).set({ version: 200 }).where(eq(trips.id, long.id));
    await patchOk(other, long.id, { version: 200, budget: 5 });
    // 201 saved: everything at or below 101 is dropped; 26 (and below) went with it.
    expect(await history(other, long.id, 26)).toEqual([]);
    const restoreGone = await other.post(`/api/trips/${long.id}/restore`, { version: 3 });
    expect(restoreGone.status).toBe(404);
  });

  it("another user's trip is 404 for history, restore and events; signed out is 401", async () => {
    const { row } = await ownTrip(1);
    const stranger = await signUpUser(t);
    for (const res of [
      await stranger.client.get(`/api/trips/${row.id}/history`),
      await stranger.client.post(`/api/trips/${row.id}/restore`, { version: 1 }),
      await stranger.client.get(`/api/trips/${row.id}/events`),
    ])
      expect(res.status).toBe(404);
    const anonymous = await t.app.request(`/api/trips/${row.id}/history`);
    expect(anonymous.status).toBe(401);
  });
});

describe("merging a stale change", () => {
  it("keeps both when they touch different activities, in one new version", async () => {
    const { client, row } = await ownTrip(2);
    await patchOk(client, row.id, {
      version: 1,
      itinerary: { days: renamed(row.itinerary, 0, "Mine A") },
    });
    // Based on version 1, as a second tab that had not seen version 2.
    const merged = await patchOk(client, row.id, {
      version: 1,
      name: "Renamed too",
      itinerary: { days: renamed(row.itinerary, 1, "Theirs B") },
    });
    expect(merged.version).toBe(3);
    expect(merged.name).toBe("Renamed too");
    expect(merged.itinerary.days[0]!.activities[0]!.activity).toBe("Mine A");
    expect(merged.itinerary.days[1]!.activities[0]!.activity).toBe("Theirs B");
    expect(merged.itinerary.days[0]!.activities[0]!.id).toBe(
      row.itinerary.days[0]!.activities[0]!.id,
    );
    // The history line says what the stale change did, not the whole merge.
    expect((await history(client, row.id))[0]!.summary).toBe(
      "Renamed the trip “Renamed too” and 1 more change",
    );
  });

  it("409 with the conflicts when both changed the same thing; nothing is written", async () => {
    const { client, row } = await ownTrip(2);
    await patchOk(client, row.id, {
      version: 1,
      name: "First",
      itinerary: { days: renamed(row.itinerary, 0, "Mine A") },
    });
    const before = await stored(row.id);
    const res = await client.patch(`/api/trips/${row.id}`, {
      version: 1,
      name: "Second",
      itinerary: { days: renamed(row.itinerary, 0, "Theirs A") },
    });
    expect(res.status).toBe(409);
    const body = tripConflictSchema.parse(await res.json());
    expect(body.error.code).toBe("conflict");
    expect(body.trip.version).toBe(2);
    expect(body.conflicts).toEqual([
      { kind: "field", field: "name", message: "Both changes set the name" },
      {
        kind: "activity",
        id: row.itinerary.days[0]!.activities[0]!.id,
        message: "“Theirs A” was changed in both: its name",
        fields: ["name"],
      },
    ]);
    expect(await stored(row.id)).toEqual(before);
  });

  it("two saves from one version at once: different activities both land; the same one, one wins", async () => {
    const { client, row } = await ownTrip(2);
    const apart = await Promise.all([
      client.patch(`/api/trips/${row.id}`, {
        version: 1,
        itinerary: { days: renamed(row.itinerary, 0, "A") },
      }),
      client.patch(`/api/trips/${row.id}`, {
        version: 1,
        itinerary: { days: renamed(row.itinerary, 1, "B") },
      }),
    ]);
    expect(apart.map((r) => r.status)).toEqual([200, 200]);
    const both = await stored(row.id);
    expect(both?.version).toBe(3);
    expect(both?.itinerary.days.map((d) => d.activities[0]!.activity)).toEqual(["A", "B"]);

    const same = await Promise.all(
      ["X", "Y"].map((name) =>
        client.patch(`/api/trips/${row.id}`, {
          version: 3,
          itinerary: { days: renamed(both!.itinerary, 0, name) },
        }),
      ),
    );
    expect(same.map((r) => r.status).sort()).toEqual([200, 409]);
    const after = await stored(row.id);
    expect(after?.version).toBe(4);
    const winner = tripResponseSchema.parse(await same.find((r) => r.status === 200)!.json()).trip;
    expect(after?.itinerary.days[0]!.activities[0]!.activity).toBe(
      winner.itinerary.days[0]!.activities[0]!.activity,
    );
    expect(after?.itinerary.days[1]!.activities[0]!.activity).toBe("B");
  });
});

type Edited = { days: ReturnType<typeof days> };

describe("undo in a shared trip", () => {
  /** What the web's editor sends for an undo or a redo: the whole state it returns to, on `version`. */
  const wholeState = (
    trip: Trip,
    version: number,
    itinerary: Trip["itinerary"] | Edited = trip.itinerary,
  ) => ({
    version,
    name: trip.name,
    destination: trip.destination,
    startDate: trip.startDate,
    endDate: trip.endDate,
    budget: trip.budget,
    travelStyle: trip.travelStyle,
    interests: trip.interests,
    itinerary,
  });

  async function sharedTrip() {
    const alice = await ownTrip(2);
    const bob = await signUpUser(t, { name: "Bob" });
    await t.deps.database.db
      .insert(tripMembers)
      .values({ tripId: alice.row.id, userId: bob.userId, role: "editor" });
    const res = await alice.client.get(`/api/trips/${alice.row.id}`);
    return { alice, bob, start: tripResponseSchema.parse(await res.json()).trip };
  }

  it("Alice's undo after Bob changed another activity reverts only hers and keeps his", async () => {
    const { alice, bob, start } = await sharedTrip();
    const id = start.id;
    const mine = await patchOk(
      alice.client,
      id,
      wholeState(start, 1, { days: renamed(start.itinerary, 0, "Alice's") }),
    );
    const bobs = await patchOk(bob.client, id, {
      version: 2,
      itinerary: { days: renamed(mine.itinerary, 1, "Bob's") },
    });
    expect(bobs.version).toBe(3);

    // Undo: the state before her change, based on the version her change made (2).
    const undone = await patchOk(alice.client, id, wholeState(start, mine.version));
    expect(undone.version).toBe(4);
    expect(undone.itinerary.days.map((d) => d.activities[0]!.activity)).toEqual([
      start.itinerary.days[0]!.activities[0]!.activity,
      "Bob's",
    ]);
    expect((await stored(id))?.itinerary.days[1]!.activities[0]!.activity).toBe("Bob's");
  });

  it("Alice's undo of an activity Bob changed since is a 409 naming it; nothing is written", async () => {
    const { alice, bob, start } = await sharedTrip();
    const id = start.id;
    const mine = await patchOk(
      alice.client,
      id,
      wholeState(start, 1, { days: renamed(start.itinerary, 0, "Alice's") }),
    );
    await patchOk(bob.client, id, {
      version: 2,
      itinerary: { days: renamed(mine.itinerary, 0, "Bob's") },
    });
    const before = await stored(id);
    const res = await alice.client.patch(`/api/trips/${id}`, wholeState(start, mine.version));
    expect(res.status).toBe(409);
    expect(tripConflictSchema.parse(await res.json()).conflicts).toEqual([
      expect.objectContaining({ kind: "activity", id: start.itinerary.days[0]!.activities[0]!.id }),
    ]);
    expect(await stored(id)).toEqual(before);
  });
});

describe("GET /api/trips/:id/events", () => {
  const open = (client: TestClient, id: string, headers: Record<string, string> = {}) =>
    client.get(`/api/trips/${id}/events`, headers);

  it("says ready, then each saved change with who and what; a reconnect behind gets it at once", async () => {
    const { client, row, userId } = await ownTrip(2);
    const res = await open(client, row.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const events = readEvents(res);
    const ready = await events.next();
    expect(ready).toEqual({
      event: "ready",
      id: "1",
      data: { version: 1, online: [{ userId, name: "Alice", image: null }] },
    });
    await patchOk(client, row.id, { version: 1, name: "Lisbon with friends" });
    expect(await events.next("change")).toEqual({
      event: "change",
      id: "2",
      data: {
        version: 2,
        by: { userId, name: "Alice" },
        summary: "Renamed the trip “Lisbon with friends”",
      },
    });
    await events.close();

    await patchOk(client, row.id, { version: 2, budget: 900 });
    const again = readEvents(await open(client, row.id, { "Last-Event-ID": "2" }));
    expect((await again.next("ready"))?.data).toMatchObject({ version: 3 });
    expect(await again.next("change")).toMatchObject({
      id: "3",
      data: { version: 3, summary: "Changed the budget" },
    });
    await again.close();
  });

  it("tells the others who is here; a deleted trip sends revoked and ends the stream", async () => {
    const { client, row, userId } = await ownTrip(1);
    const first = readEvents(await open(client, row.id));
    await first.next("ready");
    const second = readEvents(await open(client, row.id));
    expect((await second.next("ready"))?.data).toMatchObject({
      online: [{ userId, name: "Alice", image: null }],
    });
    expect((await client.delete(`/api/trips/${row.id}`)).status).toBe(204);
    expect((await first.next("revoked"))?.event).toBe("revoked");
    await first.ended();
    expect(first.retry()).toBeNull();
    expect((await second.next("revoked"))?.event).toBe("revoked");
    await second.ended();
  });

  it("keeps at most 20 streams per user: the 21st closes the oldest", async () => {
    const { client, row } = await ownTrip(1);
    const streams = [];
    for (let i = 0; i < 21; i++) {
      const stream = readEvents(await open(client, row.id));
      await stream.next("ready");
      streams.push(stream);
    }
    await streams[0]!.ended();
    // The browser is told to wait before reconnecting, or tabs would take turns closing each other.
    expect(streams[0]!.retry()).toBe(LIMIT_RETRY_MS);
    await patchOk(client, row.id, { version: 1, budget: 10 });
    expect((await streams[20]!.next("change"))?.id).toBe("2");
    for (const stream of streams) await stream.close();
  });
});
