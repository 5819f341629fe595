import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ideaResponseSchema } from "#shared/schemas/ideas.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// An idea found in the place search carries an OpenStreetMap id: planned into a day, the activity
// is that real place, confirmed against the Overpass fake like any edit's (its hours and website).

let fakes: PlacesFakes;
let t: TestApp;
beforeAll(async () => {
  fakes = await startPlacesFakes();
  t = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places() });
}, 60_000);
afterAll(async () => {
  await t.close();
  await fakes.close();
});

describe("planning an idea from the place search", () => {
  it("the activity is the real place, with its hours", async () => {
    const { client, userId } = await signUpUser(t);
    const trip = await insertTrip(t.deps.database.db, userId, {
      destination: "Paris",
      startDate: "2027-04-08",
      days: 2,
      place: {
        name: "Paris",
        country: "France",
        lat: 48.8566,
        lng: 2.3522,
        timezone: "Europe/Paris",
      },
    });
    const added = await client.post(`/api/trips/${trip.id}/ideas`, {
      title: "Panthéon",
      place: { name: "Panthéon", lat: 48.8462, lng: 2.3464, osmId: "way/1060" },
    });
    expect(added.status).toBe(201);
    const { idea } = ideaResponseSchema.parse(await added.json());
    const res = await client.post(`/api/trips/${trip.id}/ideas/${idea.id}/plan`, {
      date: "2027-04-09",
      time: "10:00",
    });
    expect(res.status).toBe(200);
    const planned = ideaResponseSchema.parse(await res.json()).idea;
    const { trip: saved } = tripResponseSchema.parse(
      await (await client.get(`/api/trips/${trip.id}`)).json(),
    );
    const activity = saved.itinerary.days[1]!.activities.find(
      (a) => a.id === planned.plannedActivityId,
    );
    expect(activity).toMatchObject({
      time: "10:00",
      activity: "Panthéon",
      osmId: "way/1060",
      lat: 48.8462,
      lng: 2.3464,
      openingHours: "Mo-Su 10:00-18:00",
    });
  });
});
