import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers, trips } from "#server/db/schema.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// My Trips with companions: own and shared trips in one list (role, owner's name, the role filter,
// search, sort and paging over both), and what account deletion and the data export do with them.

let t: TestApp;
type Person = { client: TestClient; userId: string; password: string };
let alice: Person;
let bob: Person;

type Card = { id: string; name: string; role: string; owner: { name: string }; budget: number };
type Page = { trips: Card[]; nextCursor: string | null };

const list = async (client: TestClient, query = "") =>
  (await (await client.get(`/api/trips${query}`)).json()) as Page;

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
  alice = await signUpUser(t, { name: "Alice" });
  bob = await signUpUser(t, { name: "Bob" });
}, 60_000);
afterAll(() => t.close());

async function share(tripId: string, userId: string, role: "editor" | "viewer") {
  await t.deps.database.db.insert(tripMembers).values({ tripId, userId, role });
}

describe("GET /api/trips with shared trips", () => {
  it("lists own and shared trips together, each with its role and owner; filters by role", async () => {
    const { db } = t.deps.database;
    const own = await insertTrip(db, bob.userId, { destination: "Bern", budget: 900 });
    const shared = await insertTrip(db, alice.userId, { destination: "Marseille", budget: 1200 });
    const viewed = await insertTrip(db, alice.userId, { destination: "Nice", budget: 300 });
    await insertTrip(db, alice.userId, { destination: "Not shared" });
    await share(shared.id, bob.userId, "editor");
    await share(viewed.id, bob.userId, "viewer");

    const all = await list(bob.client, "?sort=budget_desc");
    expect(all.trips.map((c) => [c.name, c.role, c.owner.name])).toEqual([
      ["Marseille", "editor", "Alice"],
      ["Bern", "owner", "Bob"],
      ["Nice", "viewer", "Alice"],
    ]);
    expect((await list(bob.client, "?role=owner")).trips.map((c) => c.id)).toEqual([own.id]);
    expect((await list(bob.client, "?role=shared&sort=budget_asc")).trips.map((c) => c.id)).toEqual(
      [viewed.id, shared.id],
    );
    expect((await list(bob.client, "?q=marseille")).trips.map((c) => c.id)).toEqual([shared.id]);
    expect((await bob.client.get("/api/trips?role=other")).status).toBe(422);

    // Paging walks both kinds in one order, each trip once.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: Page = await list(
        bob.client,
        `?sort=budget_asc&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.trips.map((c) => c.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["Nice", "Bern", "Marseille"]);

    // Alice's own list is unchanged by sharing: her trips, as their owner.
    const hers = await list(alice.client);
    expect(hers.trips.every((c) => c.role === "owner" && c.owner.name === "Alice")).toBe(true);
    expect(hers.trips.map((c) => c.id)).not.toContain(own.id);
  });
});

describe("accounts and shared trips", () => {
  it("exports the memberships (trip and role), not other people's trips", async () => {
    const carol = await signUpUser(t, { name: "Carol" });
    const shared = await insertTrip(t.deps.database.db, alice.userId, { destination: "Arles" });
    await share(shared.id, carol.userId, "viewer");
    const res = await carol.client.get("/api/account/export");
    const body = (await res.json()) as {
      trips: unknown[];
      memberships: { trip: { id: string; destination: string }; role: string }[];
    };
    expect(body.trips).toEqual([]);
    expect(body.memberships).toEqual([
      {
        trip: expect.objectContaining({ id: shared.id, destination: "Arles" }) as unknown,
        role: "viewer",
      },
    ]);
  });

  it("a companion's deletion removes their memberships; the owner's removes the trip for everyone", async () => {
    const { db } = t.deps.database;
    const dave = await signUpUser(t, { name: "Dave" });
    const erin = await signUpUser(t, { name: "Erin" });
    const davesTrip = await insertTrip(db, dave.userId, { destination: "Lyon" });
    const erinsTrip = await insertTrip(db, erin.userId, { destination: "Nantes" });
    await share(davesTrip.id, erin.userId, "editor");
    await share(erinsTrip.id, dave.userId, "viewer");
    const ended: [string, string][] = [];
    t.deps.onAccessEnded = (tripId, userId) => ended.push([tripId, userId]);
    try {
      const res = await dave.client.request("DELETE", "/api/account", {
        json: { password: dave.password },
      });
      expect(res.status).toBe(204);
    } finally {
      t.deps.onAccessEnded = () => {};
    }
    expect(await db.select().from(trips).where(eq(trips.id, davesTrip.id))).toEqual([]);
    expect(await db.select().from(tripMembers).where(eq(tripMembers.userId, dave.userId))).toEqual(
      [],
    );
    expect((await erin.client.get(`/api/trips/${davesTrip.id}`)).status).toBe(404);
    expect((await list(erin.client)).trips.map((c) => c.id)).toEqual([erinsTrip.id]);
    expect(ended).toEqual(
      expect.arrayContaining([
        [davesTrip.id, dave.userId],
        [davesTrip.id, erin.userId],
        [erinsTrip.id, dave.userId],
      ]),
    );
  });
});
