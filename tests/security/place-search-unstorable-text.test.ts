import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOverpassFake, type OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { FAKE_DESTINATIONS } from "#tests/fakes/overpass-places.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// `q` of the place search took NUL and lone surrogates to Overpass and to the places cache (which
// cannot store them: a warning on every call). It follows the same safe-text rule as every other
// input: 422 with a message, and nothing is asked or written.

const paris = {
  name: "Paris",
  country: "France",
  timezone: "Europe/Paris",
  ...FAKE_DESTINATIONS.paris,
};
const MESSAGE = "A place search contains characters that are not allowed";

describe("a place search with characters no person types", () => {
  let fake: OverpassFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startOverpassFake();
    t = await createTestApp({
      AUTH_RATE_LIMIT: "1000",
      OVERPASS_URL: fake.url,
      PLACES_TIMEOUT_MS: "1000",
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  // A URL cannot carry a lone surrogate (broken UTF-8 such as %ED%A0%80 stays percent-encoded text),
  // but %00 decodes to NUL.
  it.each([
    ["after the words", "louvre%00"],
    ["between them", "mus%00%C3%A9e"],
    ["alone", "%00"],
  ])("is refused with 422 before Overpass: NUL %s", async (_where, q) => {
    const { client, userId } = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, userId, {
      destination: "Paris",
      place: paris,
    });
    fake.reset();
    const res = await client.get(`/api/places/search?tripId=${trip.id}&q=${q}`);
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(MESSAGE);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("the same search without the NUL", () => {
  it("is still answered (the rule refuses only what no person types)", async () => {
    const fake = await startOverpassFake();
    const t = await createTestApp({
      AUTH_RATE_LIMIT: "1000",
      OVERPASS_URL: fake.url,
      PLACES_TIMEOUT_MS: "1000",
    });
    try {
      const { client, userId } = await signUpUser(t);
      const trip = await insertTrip(t.deps.database.db, userId, {
        destination: "Paris",
        place: paris,
      });
      const res = await client.get(`/api/places/search?tripId=${trip.id}&q=louvre`);
      expect(res.status).toBe(200);
      expect(fake.requests.length).toBeGreaterThan(0);
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
