import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import {
  packingItemsResponseSchema,
  packingResponseSchema,
  packingTemplateResponseSchema,
  packingTemplatesResponseSchema,
} from "#shared/schemas/packing.ts";
import { historyResponseSchema } from "#shared/schemas/trip-history.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
type Person = { client: TestClient; userId: string };
let ana: Person;
let bruno: Person;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  ana = await signUpUser(t, { name: "Ana" });
  bruno = await signUpUser(t, { name: "Bruno" });
}, 120_000);

afterAll(() => t.close());

const listsOf = async (person: Person, tripId: string) => {
  const { lists } = packingResponseSchema.parse(
    await (await person.client.get(`/api/trips/${tripId}/packing`)).json(),
  );
  return {
    shared: lists.find((l) => l.kind === "shared")!,
    mine: lists.find((l) => l.kind === "personal")!,
  };
};

describe("/api/packing/templates", () => {
  it("lists the five built-in templates; signed out 401", async () => {
    const res = await ana.client.get("/api/packing/templates");
    expect(res.status).toBe(200);
    const { templates } = packingTemplatesResponseSchema.parse(await res.json());
    expect(templates.map((tp) => [tp.id, tp.name, tp.builtIn])).toEqual([
      ["city-break", "City break", true],
      ["beach", "Beach", true],
      ["winter", "Winter", true],
      ["hiking", "Hiking", true],
      ["business", "Business", true],
    ]);
    expect(templates.every((tp) => tp.items.length > 5)).toBe(true);
    expect((await createClient(t).get("/api/packing/templates")).status).toBe(401);
  });

  it("a built-in template applied to a list: its items, once, as one change of the trip", async () => {
    const trip = await insertTrip(t.deps.database.db, ana.userId, { destination: "Nice" });
    const { shared } = await listsOf(ana, trip.id);
    const apply = () =>
      ana.client.post("/api/packing/templates/beach/apply", { tripId: trip.id, listId: shared.id });
    const res = await apply();
    expect(res.status).toBe(201);
    const { items } = packingItemsResponseSchema.parse(await res.json());
    expect(items.map((i) => i.name)).toContain("Swimsuit");
    expect(items.find((i) => i.name === "Swimsuit")).toMatchObject({
      quantity: 2,
      category: "Clothing",
    });
    const again = packingItemsResponseSchema.parse(await (await apply()).json());
    expect(again.items).toEqual([]);
    expect((await listsOf(ana, trip.id)).shared.items).toHaveLength(items.length);
    const history = historyResponseSchema.parse(
      await (await ana.client.get(`/api/trips/${trip.id}/history`)).json(),
    );
    expect(history.changes[0]?.summary).toBe("Added the Beach template to the shared packing list");
    const missing = await ana.client.post("/api/packing/templates/camping/apply", {
      tripId: trip.id,
      listId: shared.id,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ error: { message: "Template not found" } });
  });

  it("a member's own list saved as a template and reused on another trip; theirs alone", async () => {
    const first = await insertTrip(t.deps.database.db, ana.userId, { destination: "Oslo" });
    await t.deps.database.db
      .insert(tripMembers)
      .values({ tripId: first.id, userId: bruno.userId, role: "editor" });
    const { mine, shared } = await listsOf(ana, first.id);
    for (const name of ["Wool socks", "Camera"])
      await ana.client.post(`/api/trips/${first.id}/packing/lists/${mine.id}/items`, {
        name,
        category: "Mine",
      });
    const brunoLists = await listsOf(bruno, first.id);
    const notHis = await bruno.client.post("/api/packing/templates", {
      name: "Ana's",
      tripId: first.id,
      listId: mine.id,
    });
    expect(notHis.status).toBe(403);
    const empty = await bruno.client.post("/api/packing/templates", {
      name: "Empty",
      tripId: first.id,
      listId: brunoLists.mine.id,
    });
    expect(empty.status).toBe(422);
    const saved = await ana.client.post("/api/packing/templates", {
      name: "My Oslo kit",
      tripId: first.id,
      listId: mine.id,
    });
    expect(saved.status).toBe(201);
    const { template } = packingTemplateResponseSchema.parse(await saved.json());
    expect(template).toMatchObject({
      name: "My Oslo kit",
      builtIn: false,
      items: [
        { name: "Wool socks", category: "Mine", quantity: 1 },
        { name: "Camera", category: "Mine", quantity: 1 },
      ],
    });
    expect(shared.items).toEqual([]);

    const second = await insertTrip(t.deps.database.db, ana.userId, { destination: "Bergen" });
    const target = (await listsOf(ana, second.id)).mine;
    const applied = await ana.client.post(`/api/packing/templates/${template.id}/apply`, {
      tripId: second.id,
      listId: target.id,
    });
    expect(applied.status).toBe(201);
    expect((await listsOf(ana, second.id)).mine.items.map((i) => i.name)).toEqual([
      "Wool socks",
      "Camera",
    ]);

    // Hers: in her account's export.
    const exported = (await (await ana.client.get("/api/account/export")).json()) as {
      packingTemplates: unknown[];
    };
    expect(exported.packingTemplates).toEqual([
      {
        name: "My Oslo kit",
        items: [
          { name: "Wool socks", category: "Mine", quantity: 1 },
          { name: "Camera", category: "Mine", quantity: 1 },
        ],
      },
    ]);

    // Bruno neither sees nor uses nor removes Ana's template.
    const his = packingTemplatesResponseSchema.parse(
      await (await bruno.client.get("/api/packing/templates")).json(),
    );
    expect(his.templates.some((tp) => tp.id === template.id)).toBe(false);
    expect(
      (
        await bruno.client.post(`/api/packing/templates/${template.id}/apply`, {
          tripId: first.id,
          listId: brunoLists.mine.id,
        })
      ).status,
    ).toBe(404);
    expect((await bruno.client.delete(`/api/packing/templates/${template.id}`)).status).toBe(404);
    expect((await ana.client.delete("/api/packing/templates/beach")).status).toBe(403);
    expect((await ana.client.delete(`/api/packing/templates/${template.id}`)).status).toBe(204);
    expect((await ana.client.delete(`/api/packing/templates/${template.id}`)).status).toBe(404);
  });
});
