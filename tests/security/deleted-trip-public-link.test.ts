import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The shared page's exports read a public trip by its token without asking whether it was deleted:
// a trip in "Recently deleted" stayed downloadable as GPX, KML, GeoJSON and CSV through its old
// link. Every public surface now reads through one function (trips/public-trip.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const NOT_FOUND = { error: { code: "not_found", message: "Trip not found" } };
const surfaces = (token: string) => [
  `/api/shared/${token}`,
  `/api/shared/${token}/calendar.ics`,
  `/api/shared/${token}/export.gpx`,
  `/api/shared/${token}/export.kml`,
  `/api/shared/${token}/export.geojson`,
  `/api/shared/${token}/export.csv`,
];

async function sharedTrip() {
  const owner = await signUpUser(t);
  const { id } = await insertTrip(t.deps.database.db, owner.userId, { destination: "Porto" });
  const res = await owner.client.post(`/api/trips/${id}/share`);
  expect(res.status).toBe(200);
  const { trip } = (await res.json()) as { trip: { sharePath: string } };
  return { owner, id, token: trip.sharePath.replace("/shared/", "") };
}

describe("a public link", () => {
  it("shows nothing, on any surface, once the trip is deleted", async () => {
    const { owner, id, token } = await sharedTrip();
    const visitor = createClient(t);
    for (const path of surfaces(token)) expect((await visitor.get(path)).status, path).toBe(200);

    expect((await owner.client.delete(`/api/trips/${id}`)).status).toBe(204);
    for (const path of surfaces(token)) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
  });

  it("shows nothing, on any surface, once the trip is unshared", async () => {
    const { owner, id, token } = await sharedTrip();
    const visitor = createClient(t);
    expect((await owner.client.delete(`/api/trips/${id}/share`)).status).toBe(200);
    for (const path of surfaces(token)) {
      const res = await visitor.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual(NOT_FOUND);
    }
  });

  it("never reads a trip by a malformed token", async () => {
    const visitor = createClient(t);
    for (const path of surfaces("not a token")) {
      const res = await visitor.get(path.replace("not a token", "not%20a%20token"));
      expect(res.status, path).toBe(404);
    }
  });
});
