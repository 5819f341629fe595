import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  // Many sign-ups in one file: lift the per-IP auth limit (it has its own tests).
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const NOT_FOUND = { error: { code: "not_found", message: "Trip not found" } };

describe("GET /api/trips/:id", () => {
  it("returns the owner's trip and hides it from everyone else", async () => {
    const alice = await signUpUser(t);
    const bob = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, alice.userId, { destination: "Kyoto" });

    const own = await alice.client.get(`/api/trips/${trip.id}`);
    expect(own.status).toBe(200);
    const body = (await own.json()) as { trip: Record<string, unknown> };
    expect(body.trip).toMatchObject({
      id: trip.id,
      destination: "Kyoto",
      budget: 1500,
      status: "generated",
    });
    expect(body.trip).not.toHaveProperty("userId");
    expect(body.trip).not.toHaveProperty("searchText");

    const other = await bob.client.get(`/api/trips/${trip.id}`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual(NOT_FOUND);

    const anonymous = await createClient(t).get(`/api/trips/${trip.id}`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ error: { message: "No user session found" } });
  });

  it("answers a non-UUID id with 404, not 500", async () => {
    const alice = await signUpUser(t);
    const res = await alice.client.get("/api/trips/not-a-uuid");
    expect(res.status).toBe(404);
  });
});

describe("ownership matrix", () => {
  it("another user gets 404 for read, delete, share and unshare, and nothing changes", async () => {
    const alice = await signUpUser(t);
    const bob = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, alice.userId);
    const anonymous = createClient(t);
    const calls = [
      ["GET", `/api/trips/${trip.id}`],
      ["DELETE", `/api/trips/${trip.id}`],
      ["POST", `/api/trips/${trip.id}/share`],
      ["DELETE", `/api/trips/${trip.id}/share`],
    ] as const;

    for (const [method, url] of calls) {
      const foreign = await bob.client.request(method, url);
      expect(foreign.status, `${method} ${url} as another user`).toBe(404);
      expect(await foreign.json()).toEqual(NOT_FOUND);

      const signedOut = await anonymous.request(method, url);
      expect(signedOut.status, `${method} ${url} signed out`).toBe(401);

      const malformed = await alice.client.request(method, url.replace(trip.id, "42"));
      expect(malformed.status, `${method} with a non-UUID id`).toBe(404);
      expect(await malformed.json()).toEqual(NOT_FOUND);
    }

    const still = await alice.client.get(`/api/trips/${trip.id}`);
    expect(still.status).toBe(200);
    expect(((await still.json()) as { trip: { isPublic: boolean } }).trip.isPublic).toBe(false);
    const bobsList = (await (await bob.client.get("/api/trips")).json()) as { trips: unknown[] };
    expect(bobsList.trips).toEqual([]);
  });
});

describe("DELETE /api/trips/:id", () => {
  it("deletes the owner's trip; a second delete is a 404", async () => {
    const alice = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, alice.userId);
    const res = await alice.client.delete(`/api/trips/${trip.id}`);
    expect(res.status).toBe(204);
    expect((await alice.client.get(`/api/trips/${trip.id}`)).status).toBe(404);
    expect((await alice.client.delete(`/api/trips/${trip.id}`)).status).toBe(404);
  });
});

describe("share and stop sharing", () => {
  it("POST sets is_public and answers the trip and its link; DELETE makes it private again", async () => {
    const alice = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, alice.userId, { destination: "Oslo" });

    const shared = await alice.client.post(`/api/trips/${trip.id}/share`);
    expect(shared.status).toBe(200);
    const body = (await shared.json()) as { trip: { sharePath: string }; shareUrl: string };
    expect(body).toMatchObject({ trip: { id: trip.id, destination: "Oslo", isPublic: true } });
    const token = /^\/shared\/([A-Za-z0-9_-]{22,})$/.exec(body.trip.sharePath)?.[1];
    expect(token).toBeDefined();
    expect(body.shareUrl).toBe(`${t.deps.env.APP_ORIGIN}/shared/${token}`);
    // Every share draws a new link (the page copies the link it has instead of sharing again).
    const twice = await alice.client.post(`/api/trips/${trip.id}/share`);
    expect(twice.status).toBe(200);
    const again = ((await twice.json()) as { trip: { sharePath: string } }).trip.sharePath;
    expect(again).not.toBe(body.trip.sharePath);
    expect((await createClient(t).get(`/api/shared/${token}`)).status).toBe(404);
    expect((await createClient(t).get(`/api${again}`)).status).toBe(200);
    // The trip's id is not a link.
    expect((await createClient(t).get(`/api/shared/${trip.id}`)).status).toBe(404);

    const stopped = await alice.client.delete(`/api/trips/${trip.id}/share`);
    expect(stopped.status).toBe(200);
    expect(await stopped.json()).toMatchObject({
      trip: { id: trip.id, isPublic: false, sharePath: null },
    });
    expect((await createClient(t).get(`/api/shared/${token}`)).status).toBe(404);
  });
});

describe("GET /api/trips", () => {
  it("requires a session", async () => {
    const res = await createClient(t).get("/api/trips");
    expect(res.status).toBe(401);
  });

  it("lists only the user's trips as summaries, newest first, 20 to a page", async () => {
    const alice = await signUpUser(t);
    const bob = await signUpUser(t);
    const db = t.deps.database.db;
    for (let i = 0; i < 21; i++) {
      await insertTrip(db, alice.userId, {
        destination: `Town ${i}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      });
    }
    await insertTrip(db, bob.userId, { destination: "Bob's trip" });

    const first = (await (await alice.client.get("/api/trips")).json()) as {
      trips: Record<string, unknown>[];
      nextCursor: string | null;
    };
    expect(first.trips).toHaveLength(20);
    expect(first.trips[0]).toMatchObject({ destination: "Town 20", status: "generated" });
    expect(first.trips[0]).not.toHaveProperty("itinerary");
    expect(first.trips[0]).not.toHaveProperty("userId");
    expect(first.nextCursor).toEqual(expect.any(String));

    const second = (await (
      await alice.client.get(`/api/trips?cursor=${first.nextCursor}`)
    ).json()) as { trips: { destination: string }[]; nextCursor: string | null };
    expect(second.trips.map((trip) => trip.destination)).toEqual(["Town 0"]);
    expect(second.nextCursor).toBeNull();
  });

  it("rejects invalid queries with 422 and the first message", async () => {
    const alice = await signUpUser(t);
    const cases: [string, string][] = [
      ["minBudget=500&maxBudget=100", "Min budget cannot be more than max budget"],
      ["minBudget=abc", "Min budget must be a number"],
      ["sort=cheapest", ""],
      ["style=backpacker", ""],
      ["limit=51", ""],
      ["cursor=not-a-cursor", "Invalid cursor"],
    ];
    for (const [query, message] of cases) {
      const res = await alice.client.get(`/api/trips?${query}`);
      expect(res.status, query).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("invalid_input");
      if (message) expect(body.error.message).toBe(message);
    }
  });

  it("rejects a cursor made for another sort order", async () => {
    const alice = await signUpUser(t);
    for (let i = 0; i < 3; i++) await insertTrip(t.deps.database.db, alice.userId);
    const page = (await (await alice.client.get("/api/trips?limit=1")).json()) as {
      nextCursor: string;
    };
    const res = await alice.client.get(
      `/api/trips?limit=1&sort=budget_asc&cursor=${page.nextCursor}`,
    );
    expect(res.status).toBe(422);
  });

  it("treats % and _ in the search as plain text", async () => {
    const alice = await signUpUser(t);
    await insertTrip(t.deps.database.db, alice.userId, { destination: "100% Lisbon" });
    await insertTrip(t.deps.database.db, alice.userId, { destination: "Porto" });
    const hit = (await (await alice.client.get("/api/trips?q=%25")).json()) as {
      trips: { destination: string }[];
    };
    expect(hit.trips.map((trip) => trip.destination)).toEqual(["100% Lisbon"]);
    const none = (await (await alice.client.get("/api/trips?q=_")).json()) as { trips: unknown[] };
    expect(none.trips).toEqual([]);
  });
});
