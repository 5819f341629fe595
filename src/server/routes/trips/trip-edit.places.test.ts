import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import { tripPatchResponseSchema } from "#shared/schemas/trip-edit.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { signUpUser } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * A location typed without picking from the list, or written by the assistant (an accepted proposal
 * is saved through the same PATCH), is matched to OpenStreetMap with the generation's matcher: the
 * Panthéon gets its OSM id, pin and hours back; a location several places could be is offered as
 * choices.
 */

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

const paris = {
  name: "Paris",
  country: "France",
  lat: 48.8566,
  lng: 2.3522,
  timezone: "Europe/Paris",
};

const lunch = activityOf({
  time: "13:00",
  activity: "Lunch",
  location: "Somewhere to eat",
  description: "",
  cost: 20,
});
const itinerary: Itinerary = { days: [{ date: "2027-04-08", activities: [lunch] }] };

async function parisTrip() {
  const user = await signUpUser(t);
  const row = await insertTrip(t.deps.database.db, user.userId, {
    destination: "Paris",
    startDate: "2027-04-08",
    endDate: "2027-04-08",
    itinerary,
    place: paris,
    grounding: { status: "partial", verified: 0, total: 1, reason: null },
  });
  return { ...user, row };
}

const typed = (location: string, activity = "A visit") => ({
  time: "10:00",
  activity,
  location,
  description: "",
  cost: null,
});

async function save(client: Awaited<ReturnType<typeof parisTrip>>["client"], body: object) {
  const res = await client.patch(`/api/trips/${(body as { id: string }).id}`, body);
  expect(res.status).toBe(200);
  return tripPatchResponseSchema.parse(await res.json());
}

describe("PATCH matches changed locations to OpenStreetMap", () => {
  it("a typed “Panthéon” (no pick) gets its OSM id, pin, hours and website", async () => {
    const { client, row } = await parisTrip();
    const answer = await save(client, {
      id: row.id,
      version: row.version,
      itinerary: {
        days: [{ date: "2027-04-08", activities: [typed("Panthéon"), { ...lunch }] }],
      },
    });
    const added = answer.trip.itinerary.days[0]!.activities[0]!;
    expect(added).toMatchObject({
      location: "Panthéon",
      osmId: "way/1060",
      lat: 48.8462,
      lng: 2.3464,
      openingHours: "Mo-Su 10:00-18:00",
      website: "https://www.paris-pantheon.fr/",
    });
    expect(answer.placeChoices).toEqual([]);
    // The header's count follows: one of the two activities is a real place now.
    expect(answer.trip.grounding).toMatchObject({ verified: 1, total: 2 });
  });

  it("an existing activity retyped as “Panthéon, Paris” is matched too; its text is kept", async () => {
    const { client, row } = await parisTrip();
    const answer = await save(client, {
      id: row.id,
      version: row.version,
      itinerary: {
        days: [{ date: "2027-04-08", activities: [{ ...lunch, location: "Panthéon, Paris" }] }],
      },
    });
    const edited: Activity = answer.trip.itinerary.days[0]!.activities[0]!;
    expect(edited.id).toBe(lunch.id);
    expect(edited.location).toBe("Panthéon, Paris");
    expect(edited.osmId).toBe("way/1060");
    expect(edited.openingHours).toBe("Mo-Su 10:00-18:00");
  });

  it("an ambiguous location stays unmatched and offers the places it could be", async () => {
    const { client, row } = await parisTrip();
    const answer = await save(client, {
      id: row.id,
      version: row.version,
      itinerary: { days: [{ date: "2027-04-08", activities: [typed("Musée")] }] },
    });
    const added = answer.trip.itinerary.days[0]!.activities[0]!;
    expect(added.osmId).toBeNull();
    expect(answer.placeChoices).toHaveLength(1);
    const [choice] = answer.placeChoices;
    expect(choice?.activityId).toBe(added.id);
    expect(choice?.location).toBe("Musée");
    const names = choice?.places.map((p) => p.name);
    expect(names).toEqual(expect.arrayContaining(["Musée du Louvre", "Musée d'Orsay"]));

    // Picking one of them (sent with its osmId, as the list does) makes it the activity's place.
    const louvre = choice!.places.find((p) => p.name === "Musée du Louvre")!;
    const picked = await save(client, {
      id: row.id,
      version: answer.trip.version,
      itinerary: {
        days: [
          {
            date: "2027-04-08",
            activities: [
              {
                ...added,
                location: louvre.name,
                osmId: louvre.osmId,
                lat: louvre.lat,
                lng: louvre.lng,
              },
            ],
          },
        ],
      },
    });
    expect(picked.trip.itinerary.days[0]!.activities[0]).toMatchObject({
      osmId: "way/1001",
      openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
    });
    expect(picked.placeChoices).toEqual([]);
  });

  it("with OpenStreetMap unreachable the edit is still saved, unmatched", async () => {
    const { client, row } = await parisTrip();
    fakes.overpass.setFailure("busy");
    const answer = await save(client, {
      id: row.id,
      version: row.version,
      itinerary: { days: [{ date: "2027-04-08", activities: [typed("Tour Eiffel")] }] },
    });
    expect(answer.trip.itinerary.days[0]!.activities[0]!.osmId).toBeNull();
    expect(answer.trip.version).toBe(row.version + 1);
  });
});
