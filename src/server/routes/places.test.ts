import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TripPlace } from "#shared/schemas/itinerary.ts";
import { placeSearchResponseSchema } from "#shared/schemas/places.ts";
import { startOverpassFake, type OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { FAKE_DESTINATIONS } from "#tests/fakes/overpass-places.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

const paris = {
  name: "Paris",
  country: "France",
  timezone: "Europe/Paris",
  ...FAKE_DESTINATIONS.paris,
};
const lisbon = {
  name: "Lisbon",
  country: "Portugal",
  timezone: "Europe/Lisbon",
  ...FAKE_DESTINATIONS.lisbon,
};

let fake: OverpassFake;
let t: TestApp;
let off: TestApp;
beforeAll(async () => {
  fake = await startOverpassFake();
  t = await createTestApp({
    AUTH_RATE_LIMIT: "1000",
    OVERPASS_URL: fake.url,
    PLACES_TIMEOUT_MS: "1000",
  });
  off = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await t.close();
  await off.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const search = (tripId: string, q: string) =>
  `/api/places/search?${new URLSearchParams({ tripId, q }).toString()}`;

async function ownerWithTrip(app: TestApp, place: TripPlace | null = paris) {
  const owner = await signUpUser(app);
  const trip = await insertTrip(app.deps.database.db, owner.userId, {
    destination: place?.name ?? "Atlantis",
    place,
  });
  return { ...owner, tripId: trip.id };
}

describe("GET /api/places/search", () => {
  it("finds real places near the owner's trip, with exactly the public fields", async () => {
    const { client, tripId } = await ownerWithTrip(t);
    const res = await client.get(search(tripId, "louvre"));
    expect(res.status).toBe(200);
    const raw = (await res.json()) as { places: Record<string, unknown>[] };
    expect(raw.places).toEqual([
      {
        osmId: "way/1001",
        name: "Musée du Louvre",
        kind: "museum",
        lat: 48.8611,
        lng: 2.3358,
        address: "Rue de Rivoli, 75001 Paris",
        openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
        website: "https://www.louvre.fr/",
      },
    ]);
    expect(placeSearchResponseSchema.parse(raw)).toEqual(raw);
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.userAgent).toMatch(
      /^Boundless\/\S+ \(\+http:\/\/localhost:3000; mailto:/,
    );
  });

  it("answers the same search again from the database, for every instance", async () => {
    const { client, tripId } = await ownerWithTrip(t, lisbon);
    const first = (await (await client.get(search(tripId, "Torre"))).json()) as unknown;
    expect(fake.requests).toHaveLength(1);
    // Another instance of the app over the same database.
    const other = await createTestApp(
      { AUTH_RATE_LIMIT: "1000", OVERPASS_URL: fake.url },
      {},
      { database: t.deps.database },
    );
    try {
      const sameUser = createClient(other);
      for (const [name, value] of client.cookies) sameUser.cookies.set(name, value);
      const res = await sameUser.get(search(tripId, "torre "));
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(first);
      expect(fake.requests).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("searches the destination's cached candidates without a request", async () => {
    const { client, tripId } = await ownerWithTrip(t);
    await t.deps.places.candidates(paris, ["Food & Dining"], { signal: AbortSignal.timeout(5000) });
    expect(fake.requests).toHaveLength(1);
    const res = await client.get(search(tripId, "Procope"));
    const body = placeSearchResponseSchema.parse(await res.json());
    expect(body.places.map((p) => p.name)).toEqual(["Le Procope"]);
    expect(fake.requests).toHaveLength(1);
  });

  it("is 404 for another user's trip, a missing trip and a malformed id, asking nothing", async () => {
    const { tripId } = await ownerWithTrip(t);
    const stranger = await signUpUser(t);
    for (const id of [tripId, randomUUID(), "not-a-trip"]) {
      const res = await stranger.client.get(search(id, "louvre"));
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { code: "not_found", message: "Trip not found" } });
    }
    expect(fake.requests).toHaveLength(0);
  });

  it("is 401 signed out", async () => {
    const { tripId } = await ownerWithTrip(t);
    const res = await createClient(t).get(search(tripId, "louvre"));
    expect(res.status).toBe(401);
  });

  it("is 422 for an empty, blank, missing or over-100-character q", async () => {
    const { client, tripId } = await ownerWithTrip(t);
    for (const url of [
      search(tripId, ""),
      search(tripId, "   "),
      `/api/places/search?tripId=${tripId}`,
    ]) {
      const res = await client.get(url);
      expect(res.status).toBe(422);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error).toMatchObject({
        code: "invalid_input",
        message: "Type part of a place's name to search",
      });
    }
    const long = await client.get(search(tripId, "a".repeat(101)));
    expect(long.status).toBe(422);
    expect(((await long.json()) as { error: { message: string } }).error.message).toBe(
      "A place search is at most 100 characters",
    );
    expect(fake.requests).toHaveLength(0);
    const longest = await client.get(search(tripId, "a".repeat(100)));
    expect(longest.status).toBe(200);
  });

  it("is empty for a trip whose destination was not located, asking nothing", async () => {
    const { client, tripId } = await ownerWithTrip(t, null);
    const res = await client.get(search(tripId, "louvre"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ places: [] });
    expect(fake.requests).toHaveLength(0);
  });

  it("is empty when real places are off (OVERPASS_URL=off, the tests' default)", async () => {
    expect(off.deps.places.enabled).toBe(false);
    const { client, tripId } = await ownerWithTrip(off);
    const res = await client.get(search(tripId, "louvre"));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ places: [] });
    expect(fake.requests).toHaveLength(0);
  });

  it("is 503 with a reason a traveller understands when OpenStreetMap fails", async () => {
    const { client, tripId } = await ownerWithTrip(t);
    fake.setFailure("busy");
    const res = await client.get(search(tripId, "orsay"));
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      error: {
        code: "places_unavailable",
        message: "OpenStreetMap's place service is busy right now. Try again in a few minutes.",
      },
    });
    // One budget (PLACES_TIMEOUT_MS) for the whole search: the retry, 2 s later, does not fit in it.
    expect(fake.requests).toHaveLength(1);
  });
});
