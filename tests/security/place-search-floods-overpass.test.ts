import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOverpassFake, type OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { FAKE_DESTINATIONS } from "#tests/fakes/overpass-places.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// One account sent 150 place searches in 5 s and never met a 429, while Overpass's two slots are
// shared with everyone's trip planning. PLACES_SEARCH_RATE_LIMIT counts each user's searches in the
// database (10-minute windows); past it the answer is 429 with Retry-After, and Overpass is not asked.

const LIMIT = 3;
const MESSAGE =
  "You are searching for places faster than we can answer. Please wait a few minutes and try again.";

const paris = {
  name: "Paris",
  country: "France",
  timezone: "Europe/Paris",
  ...FAKE_DESTINATIONS.paris,
};
const search = (tripId: string, q: string) =>
  `/api/places/search?${new URLSearchParams({ tripId, q }).toString()}`;

describe("a flood of place searches from one account", () => {
  let fake: OverpassFake;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startOverpassFake();
    t = await createTestApp({
      AUTH_RATE_LIMIT: "1000",
      OVERPASS_URL: fake.url,
      PLACES_TIMEOUT_MS: "1000",
      PLACES_SEARCH_RATE_LIMIT: String(LIMIT),
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it("is refused with 429 and Retry-After past the limit, without reaching Overpass", async () => {
    const flooder = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, flooder.userId, {
      destination: "Paris",
      place: paris,
    });
    // Distinct words, so the places cache cannot answer for Overpass.
    for (let i = 0; i < LIMIT; i++)
      expect((await flooder.client.get(search(trip.id, `cafe ${i}`))).status).toBe(200);
    const asked = fake.requests.length;
    expect(asked).toBeGreaterThan(0);

    for (let i = 0; i < 5; i++) {
      const res = await flooder.client.get(search(trip.id, `museum ${i}`));
      expect(res.status).toBe(429);
      const retryAfter = Number(res.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(10 * 60);
      expect(await res.json()).toEqual({ error: { code: "rate_limited", message: MESSAGE } });
    }
    expect(fake.requests).toHaveLength(asked);

    // The limit is the flooder's own: someone else searches as usual.
    const other = await signUpUser(t);
    const theirs = await insertTrip(t.deps.database.db, other.userId, {
      destination: "Paris",
      place: paris,
    });
    expect((await other.client.get(search(theirs.id, "louvre"))).status).toBe(200);
  });
});
