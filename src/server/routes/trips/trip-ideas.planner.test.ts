import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ideaResponseSchema } from "#shared/schemas/ideas.ts";
import { regenerateDayResponseSchema } from "#shared/schemas/trip-edit.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// The keyless planner and the trip's ideas (issue 49): a regenerated day prefers the group's
// up-voted ideas over other places of the same kind, never plans a dismissed one, and the proposal
// says which ideas it used. Real places from the Overpass fake, no model.

let fakes: PlacesFakes;
let t: TestApp;
beforeAll(async () => {
  fakes = await startPlacesFakes();
  t = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places() });
}, 60_000);
afterEach(() => fakes.reset());
afterAll(async () => {
  await t.close();
  await fakes.close();
});

const DATE = "2026-12-30"; // a Wednesday: the Louvre is open, the gallery has no hours (always)
const PERROTIN = { name: "Galerie Perrotin", lat: 48.8607, lng: 2.3646, osmId: "node/1003" };

async function parisTrip() {
  const owner = await signUpUser(t);
  const trip = await insertTrip(t.deps.database.db, owner.userId, {
    destination: "Paris",
    startDate: "2026-12-29",
    days: 3,
    interests: ["Culture & Arts", "History"],
    place: {
      name: "Paris",
      country: "France",
      lat: 48.8566,
      lng: 2.3522,
      timezone: "Europe/Paris",
    },
  });
  return { client: owner.client, tripId: trip.id };
}

async function regenerate(client: TestClient, tripId: string) {
  const res = await client.post(`/api/trips/${tripId}/days/${DATE}/regenerate`, {});
  expect(res.status).toBe(200);
  return regenerateDayResponseSchema.parse(await res.json());
}

async function addIdea(client: TestClient, tripId: string, body: unknown) {
  const res = await client.post(`/api/trips/${tripId}/ideas`, body);
  expect(res.status).toBe(201);
  return ideaResponseSchema.parse(await res.json()).idea;
}

describe("the planner and the trip's ideas", () => {
  it("an up-voted idea is planned before other places of its kind, and the proposal names it", async () => {
    const { client, tripId } = await parisTrip();
    const before = await regenerate(client, tripId);
    expect(before.proposal.activities[0]?.osmId).not.toBe(PERROTIN.osmId);
    expect(before.ideasUsed).toEqual([]);

    const idea = await addIdea(client, tripId, { title: "Perrotin's new show", place: PERROTIN });
    // Not up-voted yet: no preference.
    expect((await regenerate(client, tripId)).proposal.activities[0]?.osmId).toBe(
      before.proposal.activities[0]?.osmId,
    );
    await client.post(`/api/trips/${tripId}/ideas/${idea.id}/vote`, { vote: "up" });
    const after = await regenerate(client, tripId);
    expect(after.proposal.activities[0]).toMatchObject({ osmId: PERROTIN.osmId });
    expect(after.ideasUsed).toEqual([{ id: idea.id, title: "Perrotin's new show" }]);
  });

  it("a dismissed idea's place is never planned", async () => {
    const { client, tripId } = await parisTrip();
    const before = await regenerate(client, tripId);
    const first = before.proposal.activities[0]!;
    expect(first.osmId).not.toBeNull();
    const idea = await addIdea(client, tripId, {
      title: first.activity,
      place: { name: first.location, lat: first.lat, lng: first.lng, osmId: first.osmId },
    });
    await client.post(`/api/trips/${tripId}/ideas/${idea.id}/dismiss`);
    const after = await regenerate(client, tripId);
    expect(after.proposal.activities.map((a) => a.osmId)).not.toContain(first.osmId);
    expect(after.ideasUsed).toEqual([]);
  });
});
