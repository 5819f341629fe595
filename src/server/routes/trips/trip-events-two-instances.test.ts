import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripMembers } from "#server/db/schema.ts";
import type { LiveMessage } from "#server/live/live-bus.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { openTwoInstances } from "#tests/support/two-instances.ts";

// Two instances in one process: two apps on one database and one in-process bus (the PGlite
// wiring), every message on it heard by the test too.

let database: Database;
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;
const heard: LiveMessage[] = [];

beforeAll(async () => {
  const opened = await openTwoInstances();
  ({ database, a, b, close } = opened);
  await opened.liveBus.listen({ message: (m) => heard.push(m), resync: () => undefined });
});

afterAll(() => close());

/** The same signed-in person on the other instance (the session lives in the shared database). */
function sameUserOn(t: TestApp, client: TestClient) {
  const other = createClient(t);
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

describe("at most 20 open streams per user, across instances", () => {
  it("the 21st, opened on B, closes the oldest, open on A; the other 20 stay open", async () => {
    const alice = await signUpUser(a, { name: "Alice" });
    const onB = sameUserOn(b, alice.client);
    const trip = await insertTrip(database.db, alice.userId, { days: 1 });
    const open = async (client: TestClient) => {
      const res = await client.get(`/api/trips/${trip.id}/events`);
      expect(res.status).toBe(200);
      const events = readEvents(res);
      await events.next("ready");
      return events;
    };
    const streams = [];
    for (let n = 0; n < 10; n++) streams.push(await open(alice.client));
    for (let n = 0; n < 11; n++) streams.push(await open(onB));

    await streams[0]!.ended();
    const saved = await alice.client.patch(`/api/trips/${trip.id}`, { version: 1, budget: 10 });
    expect(saved.status).toBe(200);
    for (const stream of streams.slice(1))
      expect((await stream.next("change"))?.data).toMatchObject({ version: 2 });
    for (const stream of streams) await stream.close();
  });
});

describe("deleting a trip", () => {
  it("tells everyone once: one `revoked` for the whole trip on the bus, marked deleted, and every stream on either instance ends", async () => {
    const owner = await signUpUser(a, { name: "Olive" });
    const editor = await signUpUser(b, { name: "Eddie" });
    const trip = await insertTrip(database.db, owner.userId, { days: 1 });
    await database.db
      .insert(tripMembers)
      .values({ tripId: trip.id, userId: editor.userId, role: "editor" });
    const open = async (client: TestClient) => {
      const res = await client.get(`/api/trips/${trip.id}/events`);
      expect(res.status).toBe(200);
      const events = readEvents(res);
      await events.next("ready");
      return events;
    };
    const streams = [
      await open(owner.client),
      await open(sameUserOn(b, owner.client)),
      await open(editor.client),
    ];
    expect((await owner.client.delete(`/api/trips/${trip.id}`)).status).toBe(204);
    for (const stream of streams) {
      const names: string[] = [];
      for (let event = await stream.next(); event; event = await stream.next())
        names.push(event.event);
      // Presence may come first (the others leaving); `revoked` once, last, then the end.
      expect(names.filter((name) => name === "revoked")).toEqual(["revoked"]);
      expect(names.at(-1)).toBe("revoked");
    }
    const revoked = heard.filter((m) => m.k === "r" && m.t === trip.id);
    // The trip is gone for everyone at once: one message, not one per person.
    expect(revoked).toEqual([{ k: "r", t: trip.id, u: null, d: 1 }]);
  });
});
