import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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

    const other = await bob.client.get(`/api/trips/${trip.id}`);
    expect(other.status).toBe(404);
    expect(await other.json()).toEqual({ error: { code: "not_found", message: "Trip not found" } });

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
