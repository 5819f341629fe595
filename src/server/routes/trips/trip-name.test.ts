import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripListResponseSchema } from "#shared/schemas/trip-list.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const tripOf = async (res: Response): Promise<Trip> => {
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return tripResponseSchema.parse(await res.json()).trip;
};

const rename = (client: TestClient, trip: Trip, name: unknown) =>
  client.patch(`/api/trips/${trip.id}`, { version: trip.version, name });

describe("a trip's own name", () => {
  it("starts as the destination, can be renamed, and never changes the destination", async () => {
    const { client, userId } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId, { destination: "Paris, France" });
    const trip = await tripOf(await client.get(`/api/trips/${row.id}`));
    expect(trip.name).toBe("Paris, France");

    const renamed = await tripOf(await rename(client, trip, "  Honeymoon  "));
    expect(renamed).toMatchObject({ name: "Honeymoon", destination: "Paris, France" });

    const list = tripListResponseSchema.parse(await (await client.get("/api/trips")).json());
    expect(list.trips.map((x) => x.name)).toEqual(["Honeymoon"]);
    // Search finds the trip by its name and by its destination.
    for (const q of ["honeymoon", "paris"]) {
      const found = tripListResponseSchema.parse(
        await (await client.get(`/api/trips?q=${q}`)).json(),
      );
      expect(
        found.trips.map((x) => x.id),
        q,
      ).toEqual([row.id]);
    }
  });

  it("refuses an empty, too long or unstorable name with the field's message", async () => {
    const { client, userId } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId);
    const trip = await tripOf(await client.get(`/api/trips/${row.id}`));
    for (const [name, message] of [
      ["   ", "Name is required"],
      ["x".repeat(101), "Name must be at most 100 characters"],
    ] as const) {
      const res = await rename(client, trip, name);
      expect(res.status).toBe(422);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    }
    const res = await rename(client, trip, "a\u0000b");
    expect(res.status).toBe(422);
    expect((await tripOf(await client.get(`/api/trips/${row.id}`))).name).toBe(trip.name);
  });

  it("a duplicate is '<name> (copy)', clipped to 100 characters, same destination", async () => {
    const { client, userId } = await signUpUser(t);
    const row = await insertTrip(t.deps.database.db, userId, {
      name: "Paris",
      destination: "Paris, France",
    });
    const copy = await tripOf(
      await client.post(`/api/trips/${row.id}/duplicate`, { startDate: "2027-06-10" }),
    );
    expect(copy).toMatchObject({ name: "Paris (copy)", destination: "Paris, France" });

    const long = await insertTrip(t.deps.database.db, userId, { name: "y".repeat(100) });
    const longCopy = await tripOf(
      await client.post(`/api/trips/${long.id}/duplicate`, { startDate: "2027-06-10" }),
    );
    expect(longCopy.name).toBe(`${"y".repeat(93)} (copy)`);
    expect(longCopy.name).toHaveLength(100);
    expect(longCopy.destination).toBe(long.destination);
  });
});
