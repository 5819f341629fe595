import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import {
  PACKING_ITEMS_MAX,
  packingItemResponseSchema,
  packingResponseSchema,
} from "#shared/schemas/packing.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { readEvents } from "#tests/support/live-events.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// Packing lists (issue 49) through real HTTP on a real database: the access matrix, the limits,
// the history lines and the live events.

let t: TestApp;
type Person = { client: TestClient; userId: string };
let owner: Person;
let editor: Person;
let viewer: Person;
let removed: Person;
let stranger: Person;
let tripId: string;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  owner = await signUpUser(t, { name: "Ana" });
  editor = await signUpUser(t, { name: "Bruno" });
  viewer = await signUpUser(t, { name: "Vic" });
  removed = await signUpUser(t, { name: "Rémi" });
  stranger = await signUpUser(t, { name: "Stranger" });
}, 120_000);

afterAll(() => t.close());

beforeEach(async () => {
  const trip = await insertTrip(t.deps.database.db, owner.userId, { destination: "Lyon" });
  tripId = trip.id;
  await t.deps.database.db.insert(tripMembers).values([
    { tripId, userId: editor.userId, role: "editor" },
    { tripId, userId: viewer.userId, role: "viewer" },
    { tripId, userId: removed.userId, role: "editor" },
  ]);
});

async function listsOf(person: Person) {
  const res = await person.client.get(`/api/trips/${tripId}/packing`);
  expect(res.status).toBe(200);
  const { lists } = packingResponseSchema.parse(await res.json());
  const shared = lists.find((l) => l.kind === "shared")!;
  const mine = lists.find((l) => l.kind === "personal")!;
  return { lists, shared, mine };
}

async function add(person: Person, listId: string, body: unknown) {
  return person.client.post(`/api/trips/${tripId}/packing/lists/${listId}/items`, body);
}

async function addOk(person: Person, listId: string, body: unknown) {
  const res = await add(person, listId, body);
  expect(res.status).toBe(201);
  return packingItemResponseSchema.parse(await res.json()).item;
}

const tick = (person: Person, itemId: string, packed: boolean) =>
  person.client.post(`/api/trips/${tripId}/packing/items/${itemId}/tick`, { packed });

describe("GET /api/trips/:id/packing", () => {
  it("holds the shared list and the caller's own, made on first read and the same after", async () => {
    const first = await listsOf(editor);
    expect(first.lists.map((l) => l.kind)).toEqual(["shared", "personal"]);
    expect(first.shared).toMatchObject({ ownerId: null, items: [] });
    expect(first.mine.ownerId).toBe(editor.userId);
    const again = await listsOf(editor);
    expect(again.lists.map((l) => l.id)).toEqual(first.lists.map((l) => l.id));
    const ana = await listsOf(owner);
    expect(ana.shared.id).toBe(first.shared.id);
    expect(ana.mine.id).not.toBe(first.mine.id);
    expect(ana.lists).toHaveLength(2);
  });

  it("two first reads at once make one shared list", async () => {
    const [a, b] = await Promise.all([listsOf(owner), listsOf(editor)]);
    expect(a.shared.id).toBe(b.shared.id);
    const { rows } = await t.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from packing_lists where trip_id = ${tripId} and kind = 'shared'`,
    );
    expect(rows[0]?.n).toBe(1);
  });

  it("viewers read; a removed member and a stranger get 404; signed out 401", async () => {
    expect((await viewer.client.get(`/api/trips/${tripId}/packing`)).status).toBe(200);
    await t.deps.database.db.execute(
      sql`delete from trip_members where trip_id = ${tripId} and user_id = ${removed.userId}`,
    );
    expect((await removed.client.get(`/api/trips/${tripId}/packing`)).status).toBe(404);
    expect((await stranger.client.get(`/api/trips/${tripId}/packing`)).status).toBe(404);
    expect((await createClient(t).get(`/api/trips/${tripId}/packing`)).status).toBe(401);
  });
});

describe("items", () => {
  it("an editor adds to the shared list and their own, with defaults", async () => {
    const { shared, mine } = await listsOf(editor);
    const adapter = await addOk(editor, shared.id, { name: "Adapter", category: "Electronics" });
    expect(adapter).toMatchObject({
      name: "Adapter",
      category: "Electronics",
      quantity: 1,
      packedBy: {},
      assignedTo: null,
      note: "",
    });
    const socks = await addOk(editor, mine.id, { name: "Socks", quantity: 4, note: "wool" });
    expect(socks).toMatchObject({ category: "Other", quantity: 4, note: "wool" });
    const after = await listsOf(editor);
    expect(after.shared.items.map((i) => i.name)).toEqual(["Adapter"]);
    expect(after.mine.items.map((i) => i.name)).toEqual(["Socks"]);
    // The owner sees the shared item, not Bruno's own list.
    const ana = await listsOf(owner);
    expect(ana.shared.items.map((i) => i.name)).toEqual(["Adapter"]);
    expect(ana.mine.items).toEqual([]);
  });

  it("access: viewers 403, another member's list 403, stranger 404, signed out 401", async () => {
    const { shared, mine } = await listsOf(editor);
    expect((await add(viewer, shared.id, { name: "Hat" })).status).toBe(403);
    expect((await add(owner, mine.id, { name: "Hat" })).status).toBe(403);
    expect((await add(stranger, shared.id, { name: "Hat" })).status).toBe(404);
    expect(
      (await add({ ...owner, client: createClient(t) }, shared.id, { name: "Hat" })).status,
    ).toBe(401);
    const bad = await add(owner, "not-a-list", { name: "Hat" });
    expect(bad.status).toBe(404);
    expect(await bad.json()).toMatchObject({ error: { message: "Packing list not found" } });
    const other = await insertTrip(t.deps.database.db, owner.userId, { destination: "Nice" });
    const elsewhere = packingResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${other.id}/packing`)).json(),
    ).lists[0]!;
    expect((await add(owner, elsewhere.id, { name: "Hat" })).status).toBe(404);
    const item = await addOk(editor, mine.id, { name: "Book" });
    const patchAsOwner = await owner.client.patch(`/api/trips/${tripId}/packing/items/${item.id}`, {
      name: "Novel",
    });
    expect(patchAsOwner.status).toBe(403);
    expect(
      (await viewer.client.delete(`/api/trips/${tripId}/packing/items/${item.id}`)).status,
    ).toBe(403);
    const missing = await owner.client.patch(`/api/trips/${tripId}/packing/items/nope`, {
      name: "X",
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: "Item not found" } });
  });

  it("edits, assigns to a member, unassigns and removes", async () => {
    const { shared, mine } = await listsOf(owner);
    const item = await addOk(owner, shared.id, { name: "Adapter" });
    const url = `/api/trips/${tripId}/packing/items/${item.id}`;
    const assigned = await editor.client.patch(url, { assignedTo: editor.userId, quantity: 2 });
    expect(assigned.status).toBe(200);
    expect(packingItemResponseSchema.parse(await assigned.json()).item).toMatchObject({
      assignedTo: editor.userId,
      quantity: 2,
      name: "Adapter",
    });
    const outsider = await owner.client.patch(url, { assignedTo: stranger.userId });
    expect(outsider.status).toBe(422);
    expect(await outsider.json()).toMatchObject({
      error: { issues: [{ path: "assignedTo" }] },
    });
    const personal = await addOk(owner, mine.id, { name: "Book" });
    const onPersonal = await owner.client.patch(
      `/api/trips/${tripId}/packing/items/${personal.id}`,
      { assignedTo: editor.userId },
    );
    expect(onPersonal.status).toBe(422);
    const cleared = await owner.client.patch(url, { assignedTo: null });
    expect(packingItemResponseSchema.parse(await cleared.json()).item.assignedTo).toBeNull();
    expect((await owner.client.delete(url)).status).toBe(204);
    expect((await owner.client.delete(url)).status).toBe(404);
  });

  it("422s: a name over 200 characters, bad quantity, nothing half-saved", async () => {
    const { shared } = await listsOf(owner);
    const long = await add(owner, shared.id, { name: "x".repeat(201) });
    expect(long.status).toBe(422);
    const body = (await long.json()) as {
      error: { message: string; issues: { path: string }[] };
    };
    expect(body.error.message).toContain("200");
    expect(body.error.issues[0]?.path).toBe("name");
    expect((await add(owner, shared.id, { name: "Socks", quantity: 0 })).status).toBe(422);
    expect((await add(owner, shared.id, { name: "" })).status).toBe(422);
    expect((await listsOf(owner)).shared.items).toEqual([]);
  });

  it(`a trip holds at most ${PACKING_ITEMS_MAX} items: the next is a 422 naming the limit`, async () => {
    const { shared, mine } = await listsOf(owner);
    await t.deps.database.db.execute(sql`
      insert into packing_items (list_id, trip_id, name, category)
      select ${mine.id}::uuid, ${tripId}::uuid, 'Thing ' || n, 'Other'
      from generate_series(1, ${PACKING_ITEMS_MAX}) n`);
    const res = await add(owner, shared.id, { name: "One too many" });
    expect(res.status).toBe(422);
    const body = (await res.json()) as { error: { message: string; issues: { path: string }[] } };
    expect(body.error.message).toContain(String(PACKING_ITEMS_MAX));
    expect(body.error.issues[0]?.path).toBe("items");
    expect((await listsOf(owner)).shared.items).toEqual([]);
    const { rows } = await t.deps.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from packing_items where trip_id = ${tripId}`,
    );
    expect(rows[0]?.n).toBe(PACKING_ITEMS_MAX);
  });
});

describe("the access matrix of every write", () => {
  it("a removed member gets 404 on each; signed out 401 on each, before the body", async () => {
    const { shared } = await listsOf(owner);
    const rémi = await listsOf(removed);
    const item = await addOk(owner, shared.id, { name: "Map" });
    const own = await addOk(removed, rémi.mine.id, { name: "Hat" });
    await t.deps.database.db.execute(
      sql`delete from trip_members where trip_id = ${tripId} and user_id = ${removed.userId}`,
    );
    const base = `/api/trips/${tripId}/packing`;
    const writes = (client: TestClient) => [
      client.post(`${base}/lists/${shared.id}/items`, { name: "Hat" }),
      client.patch(`${base}/items/${item.id}`, { name: "Big map" }),
      client.delete(`${base}/items/${item.id}`),
      client.post(`${base}/items/${item.id}/tick`, { packed: true }),
      client.post(`${base}/items/${own.id}/tick`, { packed: true }),
      client.post(`${base}/suggestions/accept`, { names: ["Hat"], listId: shared.id }),
      client.get(`${base}/suggestions`),
    ];
    expect((await Promise.all(writes(removed.client))).map((r) => r.status)).toEqual(
      Array(7).fill(404),
    );
    const anonymous = createClient(t);
    const refused = await Promise.all([
      ...writes(anonymous),
      anonymous.post(`${base}/lists/${shared.id}/items`, { name: "" }),
    ]);
    expect(refused.map((r) => r.status)).toEqual(Array(8).fill(401));
    expect((await listsOf(owner)).shared.items.map((i) => [i.name, i.packedBy])).toEqual([
      ["Map", {}],
    ]);
  });
});

describe("ticks", () => {
  it("each member ticks their own items and the shared ones; another's personal list is 403", async () => {
    const bruno = await listsOf(editor);
    const vic = await listsOf(viewer);
    const socks = await addOk(editor, bruno.mine.id, { name: "Socks" });
    const tent = await addOk(owner, bruno.shared.id, { name: "Tent" });
    const mine = await tick(editor, socks.id, true);
    expect(mine.status).toBe(200);
    expect(packingItemResponseSchema.parse(await mine.json()).item.packedBy).toEqual({
      [editor.userId]: true,
    });
    expect((await tick(owner, socks.id, true)).status).toBe(403);
    expect((await tick(viewer, socks.id, true)).status).toBe(403);
    // A tick is not an edit: a viewer ticks the shared list and their own.
    expect((await tick(viewer, tent.id, true)).status).toBe(200);
    expect(vic.mine.ownerId).toBe(viewer.userId);
    expect((await tick(stranger, tent.id, true)).status).toBe(404);
    expect((await tick({ ...owner, client: createClient(t) }, tent.id, true)).status).toBe(401);
    expect(
      (await owner.client.post(`/api/trips/${tripId}/packing/items/${tent.id}/tick`, {})).status,
    ).toBe(422);
    const off = await tick(editor, socks.id, false);
    expect(packingItemResponseSchema.parse(await off.json()).item.packedBy).toEqual({});
  });

  it("ticks of two people at once both count", async () => {
    const { shared } = await listsOf(owner);
    const tent = await addOk(owner, shared.id, { name: "Tent" });
    const results = await Promise.all([
      tick(owner, tent.id, true),
      tick(editor, tent.id, true),
      tick(viewer, tent.id, true),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const after = (await listsOf(owner)).shared.items[0]!;
    expect(after.packedBy).toEqual({
      [owner.userId]: true,
      [editor.userId]: true,
      [viewer.userId]: true,
    });
  });
});

describe("history and live", () => {
  it("every change is a history line and reaches the other members' open pages", async () => {
    const stream = await editor.client.get(`/api/trips/${tripId}/events`);
    const events = readEvents(stream);
    await events.next("ready");
    const { shared } = await listsOf(owner);
    const item = await addOk(owner, shared.id, { name: "Sunscreen" });
    expect((await events.next("change"))?.data).toMatchObject({
      summary: "Added to the shared packing list: Sunscreen",
      by: { name: "Ana" },
    });
    await tick(owner, item.id, true);
    expect((await events.next("change"))?.data).toMatchObject({ summary: "Packed: Sunscreen" });
    await owner.client.delete(`/api/trips/${tripId}/packing/items/${item.id}`);
    expect((await events.next("change"))?.data).toMatchObject({
      summary: "Removed from the packing list: Sunscreen",
    });
    await events.close();
    const history = historyResponseSchema.parse(
      await (await editor.client.get(`/api/trips/${tripId}/history`)).json(),
    );
    expect(history.changes.slice(0, 3).map((c) => c.summary)).toEqual([
      "Removed from the packing list: Sunscreen",
      "Packed: Sunscreen",
      "Added to the shared packing list: Sunscreen",
    ]);
  });
});
