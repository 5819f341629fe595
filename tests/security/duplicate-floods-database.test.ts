import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#server/db/schema.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// One account made 100 copies of a 240 KB trip in 6.5 s (46 MB), with nothing to stop it. Every new
// trip, duplicated or generated, counts against TRIP_CREATE_RATE_LIMIT (per user per hour, 429 with
// Retry-After), and nobody keeps more than MAX_TRIPS_PER_USER trips (422), counted with the insert
// under a lock on the owner, so concurrent copies cannot all take the last free place.

const plan = {
  destination: "Lisbon, Portugal",
  startDate: "2031-05-01",
  endDate: "2031-05-02",
  budget: 800,
  travelStyle: "budget",
  interests: ["Food & Dining"],
};

const duplicate = (client: TestClient, tripId: string) =>
  client.post(`/api/trips/${tripId}/duplicate`, { startDate: "2031-06-01" });
const generate = (client: TestClient) => client.request("POST", "/api/trips", { json: plan });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

/** The user's trips that count: a deleted one waits in "Recently deleted" and takes no room. */
async function tripsOf(t: TestApp, userId: string) {
  const [row] = await t.deps.database.db
    .select({ n: count() })
    .from(trips)
    .where(and(eq(trips.userId, userId), isNull(trips.deletedAt)));
  return row?.n ?? 0;
}

describe("a flood of duplicates", () => {
  const PER_HOUR = 3;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: "1000", TRIP_CREATE_RATE_LIMIT: String(PER_HOUR) });
  });
  afterAll(() => t.close());

  it("meets TRIP_CREATE_RATE_LIMIT: 429 with Retry-After, for copies and new plans alike", async () => {
    const { client, userId } = await signUpUser(t);
    const source = await insertTrip(t.deps.database.db, userId, { days: 5 });
    for (let i = 0; i < PER_HOUR; i++)
      expect((await duplicate(client, source.id)).status).toBe(201);

    const refused = await duplicate(client, source.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await errorOf(refused)).toEqual({
      code: "rate_limited",
      message: `You have reached the limit of ${PER_HOUR} new trips per hour. Please try again later.`,
    });
    const planned = await generate(client);
    expect(planned.status).toBe(429);
    expect((await errorOf(planned)).message).toMatch(/new trips per hour/);
    expect(await tripsOf(t, userId)).toBe(1 + PER_HOUR);

    // The limit is the flooder's own.
    const other = await signUpUser(t);
    const theirs = await insertTrip(t.deps.database.db, other.userId);
    expect((await duplicate(other.client, theirs.id)).status).toBe(201);
  });
});

describe("a user at MAX_TRIPS_PER_USER", () => {
  const MAX = 4;
  const MESSAGE = `You have reached the limit of ${MAX} trips. Delete some to make room.`;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: "1000", MAX_TRIPS_PER_USER: String(MAX) });
  });
  afterAll(() => t.close());

  it("gets 422 for another copy or plan, and room again after deleting one", async () => {
    const { client, userId } = await signUpUser(t);
    const source = await insertTrip(t.deps.database.db, userId);
    for (let i = 1; i < MAX; i++) expect((await duplicate(client, source.id)).status).toBe(201);

    const copy = await duplicate(client, source.id);
    expect(copy.status).toBe(422);
    expect(await errorOf(copy)).toEqual({ code: "too_many_trips", message: MESSAGE });
    const planned = await generate(client);
    expect(planned.status).toBe(422);
    expect(await errorOf(planned)).toEqual({ code: "too_many_trips", message: MESSAGE });
    expect(await tripsOf(t, userId)).toBe(MAX);

    expect((await client.request("DELETE", `/api/trips/${source.id}`)).status).toBe(204);
    const [kept] = await t.deps.database.db
      .select()
      .from(trips)
      .where(and(eq(trips.userId, userId), isNull(trips.deletedAt)))
      .limit(1);
    expect((await duplicate(client, kept!.id)).status).toBe(201);
    expect(await tripsOf(t, userId)).toBe(MAX);
  });

  it("lets exactly one of many concurrent copies take the last free place", async () => {
    const { client, userId } = await signUpUser(t);
    const source = await insertTrip(t.deps.database.db, userId);
    for (let i = 2; i < MAX; i++) await insertTrip(t.deps.database.db, userId);
    const statuses = await Promise.all(
      Array.from({ length: 6 }, () => duplicate(client, source.id).then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(5);
    expect(await tripsOf(t, userId)).toBe(MAX);
  });
});
