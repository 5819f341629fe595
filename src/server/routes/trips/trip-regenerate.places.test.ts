import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { mayVisitAt } from "#shared/opening-hours.ts";
import type { Day } from "#shared/schemas/itinerary.ts";
import { regenerateDayResponseSchema } from "#shared/schemas/trip-edit.ts";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import { isRegenerateDayPrompt, promptCandidates } from "#tests/fakes/itinerary-model.ts";
import type { OpenAIFake } from "#tests/fakes/openai-fake.ts";
import type { OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { OVERPASS_DATASET } from "#tests/fakes/overpass-places.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Regenerating a day with real places: with no key the day is planned from OpenStreetMap
 * places none of the trip's other days visit, each open at its time; with a model the prompt offers
 * the candidates and the answer is matched like a generated trip's. When places cannot be had, the
 * day comes from the catalogue as before.
 */

let fakes: PlacesFakes;
let overpass: OverpassFake;
let model: OpenAIFake;
let keyless: TestApp;
let withModel: TestApp;

beforeAll(async () => {
  fakes = await startPlacesFakes();
  ({ overpass, model } = fakes);
  keyless = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places() });
  withModel = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places(), ...fakes.ai });
}, 60_000);

afterEach(() => fakes.reset());

afterAll(async () => {
  await Promise.all([keyless.close(), withModel.close()]);
  await fakes.close();
});

// Tuesday 29 to Thursday 31 December 2026.
const parisTrip = {
  destination: "Paris",
  startDate: "2026-12-29",
  endDate: "2026-12-31",
  budget: 3000,
  travelStyle: "comfort",
  interests: ["Culture & Arts", "History"],
};

async function generate(t: TestApp, body: object): Promise<{ trip: Trip; client: TestClient }> {
  const { client } = await signUpUser(t);
  const res = await client.post("/api/trips", body, { Accept: "application/json" });
  expect(res.status).toBe(201);
  return { trip: tripSchema.parse(((await res.json()) as { trip: unknown }).trip), client };
}

async function regenerate(client: TestClient, id: string, date: string): Promise<Day> {
  return (await regenerateWith(client, id, date)).proposal;
}

async function regenerateWith(client: TestClient, id: string, date: string, instruction?: string) {
  const res = await client.post(
    `/api/trips/${id}/days/${date}/regenerate`,
    instruction ? { instruction } : {},
  );
  expect(res.status).toBe(200);
  return regenerateDayResponseSchema.parse(await res.json());
}

const isElement = (osmId: string | null) =>
  OVERPASS_DATASET.some((e) => `${e.type}/${e.id}` === osmId);

function expectFreshAndOpen(trip: Trip, proposal: Day) {
  const others = trip.itinerary.days.filter((d) => d.date !== proposal.date);
  const usedIds = new Set(others.flatMap((d) => d.activities.map((a) => a.osmId)));
  const usedNames = new Set(others.flatMap((d) => d.activities.map((a) => a.location)));
  const place = trip.place!;
  for (const a of proposal.activities) {
    if (a.osmId === null) continue;
    expect(isElement(a.osmId), `${a.location} is on the map`).toBe(true);
    expect(usedIds.has(a.osmId), `${a.location} is not on another day`).toBe(false);
    expect(usedNames.has(a.location), `${a.location} is not on another day`).toBe(false);
    expect(
      mayVisitAt(a.openingHours, {
        countryCode: "FR",
        lat: place.lat,
        lng: place.lng,
        localDate: proposal.date,
        localTime: a.time,
      }),
      `${a.location} is open at ${a.time}`,
    ).toBe(true);
  }
  const times = proposal.activities.map((a) => a.time);
  expect(times).toEqual(times.toSorted());
}

describe("regenerating a day with real places", () => {
  it("with no key: a day of real, open places none of the other days visit", async () => {
    const { trip, client } = await generate(keyless, parisTrip);
    expect(trip.grounding.status).not.toBe("unavailable");
    const before = overpass.requests.length;
    const proposal = await regenerate(client, trip.id, "2026-12-30");
    expect(proposal.date).toBe("2026-12-30");
    expect(proposal.activities.filter((a) => a.osmId !== null).length).toBeGreaterThanOrEqual(3);
    expectFreshAndOpen(trip, proposal);
    // The trip's candidates were cached when it was planned: no new request.
    expect(overpass.requests.length).toBe(before);
  });

  it("with no key and places failing: the catalogue's day, as before", async () => {
    const { userId, client } = await signUpUser(keyless);
    // Interests never asked for in Paris, so the candidates are not cached and Overpass is asked.
    const row = await insertTrip(keyless.deps.database.db, userId, {
      destination: "Paris",
      startDate: "2026-12-29",
      days: 2,
      interests: ["Relaxation"],
      place: {
        name: "Paris",
        country: "France",
        lat: 48.8566,
        lng: 2.3522,
        timezone: "Europe/Paris",
      },
    });
    overpass.setFailure("busy");
    const proposal = await regenerate(client, row.id, "2026-12-30");
    expect(proposal.activities.length).toBeGreaterThan(0);
    for (const a of proposal.activities) expect(a.osmId).toBeNull();
    expect(overpass.requests.length).toBeGreaterThan(0);
  }, 20_000);

  it("with a model: candidates in the prompt, the answer matched, no other day's place", async () => {
    const { trip, client } = await generate(withModel, parisTrip);
    model.reset();
    const proposal = await regenerate(client, trip.id, "2026-12-30");
    const asked = model.requests.find((r) => isRegenerateDayPrompt(r.body));
    expect(asked).toBeDefined();
    expect(promptCandidates(asked!.body).length).toBeGreaterThan(3);
    expect(proposal.activities.length).toBeGreaterThanOrEqual(3);
    for (const a of proposal.activities) expect(isElement(a.osmId)).toBe(true);
    expectFreshAndOpen(trip, proposal);
  });
});

describe("a keyless regenerate reads what plain words can carry", () => {
  // Parks, gardens and viewpoints on the fake map; museums and galleries.
  const outdoorIds = new Set(["way/1020", "relation/1021", "node/1022"]);
  const kindOf = (osmId: string | null) => {
    const e = OVERPASS_DATASET.find((x) => `${x.type}/${x.id}` === osmId);
    return e?.tags.tourism ?? e?.tags.leisure ?? e?.tags.amenity ?? e?.tags.historic ?? null;
  };
  // One day, for a traveller who asked for nature: the day is parks and viewpoints.
  const outdoorsTrip = {
    ...parisTrip,
    startDate: "2026-12-30",
    endDate: "2026-12-30",
    interests: ["Nature & Outdoors"],
  };

  it("“rainy day, indoors” picks museums, not parks, and says what it used", async () => {
    const { trip, client } = await generate(keyless, outdoorsTrip);
    const plain = await regenerateWith(client, trip.id, "2026-12-30");
    expect(plain.note).toBeNull();
    const sights = (day: Day) =>
      day.activities.filter((a) => a.osmId !== null && !/^(Lunch|Dinner) at/.test(a.activity));
    // Without the instruction this traveller's sights are outdoors.
    const before = sights(trip.itinerary.days[0]!).concat(sights(plain.proposal));
    expect(before.some((a) => outdoorIds.has(a.osmId!))).toBe(true);

    const rainy = await regenerateWith(client, trip.id, "2026-12-30", "rainy day, indoors");
    expect(rainy.note).toBe("Used: indoors.");
    const chosen = sights(rainy.proposal);
    expect(chosen.length).toBeGreaterThan(0);
    for (const a of chosen) expect(outdoorIds.has(a.osmId!), a.location).toBe(false);
    expect(chosen.map((a) => kindOf(a.osmId))).toContain("museum");
    expectFreshAndOpen(trip, rainy.proposal);
  });

  it("“a more relaxed day” has fewer stops; “busy” has more", async () => {
    const { trip, client } = await generate(keyless, parisTrip);
    const plain = await regenerateWith(client, trip.id, "2026-12-31");
    const relaxed = await regenerateWith(client, trip.id, "2026-12-31", "a more relaxed day");
    expect(relaxed.note).toBe("Used: fewer stops.");
    expect(relaxed.proposal.activities.length).toBeLessThan(plain.proposal.activities.length);
    const busy = await regenerateWith(client, trip.id, "2026-12-31", "make it busy");
    expect(busy.note).toBe("Used: more stops.");
    expect(busy.proposal.activities.length).toBeGreaterThan(plain.proposal.activities.length);
    expectFreshAndOpen(trip, busy.proposal);
  });

  it("“cheaper” costs less than the same day without it", async () => {
    const { trip, client } = await generate(keyless, {
      ...parisTrip,
      interests: ["Nature & Outdoors"],
    });
    const plain = await regenerateWith(client, trip.id, "2026-12-30");
    const cheaper = await regenerateWith(client, trip.id, "2026-12-30", "something cheaper");
    expect(cheaper.note).toBe("Used: cheaper.");
    const total = (day: Day) => day.activities.reduce((n, a) => n + (a.cost ?? 0), 0);
    expect(total(cheaper.proposal)).toBeLessThan(total(plain.proposal));
  });

  it("says free-form instructions need an AI provider when no word can be used", async () => {
    const { trip, client } = await generate(keyless, parisTrip);
    const answer = await regenerateWith(client, trip.id, "2026-12-30", "visit my aunt Margot");
    expect(answer.note).toBe(
      "Free-form instructions need an AI provider, so this day was planned without reading yours.",
    );
    expect(answer.proposal.activities.length).toBeGreaterThan(0);
  });

  it("with a model there is no note: the model reads the instruction", async () => {
    const { trip, client } = await generate(withModel, parisTrip);
    const answer = await regenerateWith(client, trip.id, "2026-12-30", "rainy day, indoors");
    expect(answer.note).toBeNull();
  });
});
