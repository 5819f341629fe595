import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#server/db/database.ts";
import { packingResponseSchema } from "#shared/schemas/packing.ts";
import type { TestClient } from "#tests/support/http.ts";
import {
  closeAll,
  migrateOldTrip,
  migrationTag,
  rowsOf,
  storedTrips,
} from "#tests/support/migrate-to.ts";
import type { TestApp } from "#tests/support/test-app.ts";

// Found by its name: its number may change when branches are merged.
const TAG = migrationTag("_packing_lists");

describe("the packing lists migration on a database written before it", () => {
  let database: Database;
  let t: TestApp;
  let owner: { client: TestClient; userId: string };
  let tripId: string;
  let before: Record<string, unknown>[];
  const snapshot = () => storedTrips(database);

  beforeAll(async () => {
    ({ database, t, owner, tripId, before } = await migrateOldTrip(TAG, "Before packing", {
      name: "Old Lyon",
      destination: "Lyon",
    }));
  }, 120_000);

  afterAll(() => closeAll(t, database));

  it("keeps every trip whole; an older trip gets its lists on first read and takes items", async () => {
    expect(await snapshot()).toEqual(before);
    const res = await owner.client.get(`/api/trips/${tripId}/packing`);
    expect(res.status).toBe(200);
    const { lists } = packingResponseSchema.parse(await res.json());
    expect(lists.map((l) => [l.kind, l.ownerId, l.items])).toEqual([
      ["shared", null, []],
      ["personal", owner.userId, []],
    ]);
    const added = await owner.client.post(
      `/api/trips/${tripId}/packing/lists/${lists[0]!.id}/items`,
      { name: "Umbrella" },
    );
    expect(added.status).toBe(201);
  });

  it("a trip's lists and items go with it when it is removed for good", async () => {
    await database.db.execute(sql`delete from trips where id = ${tripId}`);
    const [count] = await rowsOf(
      database,
      sql`select (select count(*)::int from packing_lists) as lists,
        (select count(*)::int from packing_items) as items`,
    );
    expect(count).toEqual({ lists: 0, items: 0 });
  });
});
