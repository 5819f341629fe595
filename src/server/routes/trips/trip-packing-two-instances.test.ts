import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { tripMembers } from "#server/db/schema.ts";
import { packingItemResponseSchema, packingResponseSchema } from "#shared/schemas/packing.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import type { TestApp } from "#tests/support/test-app.ts";
import { openTwoInstances } from "#tests/support/two-instances.ts";

// Two instances on one database and one bus: ticks sent to both at once all count, and a tick on
// one reaches a page open on the other.

let database: Database;
let a: TestApp;
let b: TestApp;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ database, a, b, close } = await openTwoInstances());
}, 120_000);

afterAll(() => close());

describe("packing ticks on two instances", () => {
  it("ticks of three people at once, on two instances, all count; each is heard on the other", async () => {
    const ana = await signUpUser(a, { name: "Ana" });
    const bruno = await signUpUser(b, { name: "Bruno" });
    const carla = await signUpUser(b, { name: "Carla" });
    const trip = await insertTrip(database.db, ana.userId, { days: 2 });
    await database.db.insert(tripMembers).values([
      { tripId: trip.id, userId: bruno.userId, role: "editor" },
      { tripId: trip.id, userId: carla.userId, role: "viewer" },
    ]);
    const { lists } = packingResponseSchema.parse(
      await (await ana.client.get(`/api/trips/${trip.id}/packing`)).json(),
    );
    const shared = lists.find((l) => l.kind === "shared")!;
    const added = await ana.client.post(`/api/trips/${trip.id}/packing/lists/${shared.id}/items`, {
      name: "Tent",
    });
    const { item } = packingItemResponseSchema.parse(await added.json());

    const stream = await bruno.client.get(`/api/trips/${trip.id}/events`);
    const events = readEvents(stream);
    await events.next("ready");
    const url = `/api/trips/${trip.id}/packing/items/${item.id}/tick`;
    const results = await Promise.all([
      ana.client.post(url, { packed: true }),
      bruno.client.post(url, { packed: true }),
      carla.client.post(url, { packed: true }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const heard = [];
    for (let n = 0; n < 3; n++) heard.push(await events.next("change"));
    expect(heard.map((e) => (e?.data as { summary: string }).summary)).toEqual([
      "Packed: Tent",
      "Packed: Tent",
      "Packed: Tent",
    ]);
    await events.close();
    const after = packingResponseSchema.parse(
      await (await bruno.client.get(`/api/trips/${trip.id}/packing`)).json(),
    );
    expect(after.lists.find((l) => l.kind === "shared")?.items[0]?.packedBy).toEqual({
      [ana.userId]: true,
      [bruno.userId]: true,
      [carla.userId]: true,
    });
  });
});
