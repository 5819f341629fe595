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

describe("GET /api/shared/:token", () => {
  it("shows a public trip to anyone, with public fields only", async () => {
    const alice = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, alice.userId, {
      destination: "Kyoto",
      isPublic: true,
      days: 2,
    });

    for (const client of [createClient(t), (await signUpUser(t)).client, alice.client]) {
      const res = await client.get(`/api/shared/${trip.shareToken}`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { trip: Record<string, unknown> };
      expect(Object.keys(body.trip).sort()).toEqual(
        [
          "name",
          "destination",
          "endDate",
          "id",
          "itinerary",
          "startDate",
          "travelStyle",
          "version",
          "place",
          "grounding",
          // The route, journeys and stays, without their booking references.
          "stops",
          "transport",
          "stays",
        ].sort(),
      );
      expect(body.trip).toMatchObject({
        id: trip.id,
        destination: "Kyoto",
        startDate: trip.startDate,
        endDate: trip.endDate,
        travelStyle: "comfort",
        itinerary: trip.itinerary,
      });
      const text = JSON.stringify(body);
      expect(text).not.toContain(alice.userId);
      expect(text).not.toContain(alice.email);
    }
  });

  it("answers a private trip, a public trip's id, a missing or malformed token with the same 404", async () => {
    const alice = await signUpUser(t);
    const privateTrip = await insertTrip(t.deps.database.db, alice.userId);
    const publicTrip = await insertTrip(t.deps.database.db, alice.userId, { isPublic: true });
    for (const id of [
      privateTrip.id,
      publicTrip.id,
      "00000000-0000-4000-8000-000000000000",
      "AAAAAAAAAAAAAAAAAAAAAA",
      "nope",
    ]) {
      for (const client of [createClient(t), alice.client]) {
        const res = await client.get(`/api/shared/${id}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({
          error: { code: "not_found", message: "Trip not found" },
        });
      }
    }
  });
});
