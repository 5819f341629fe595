import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#server/db/schema.ts";
import { apiErrorSchema } from "#shared/schemas/api-error.ts";
import { overBudgetMessage } from "#shared/schemas/trip-party.ts";
import { stayAlternativesSchema } from "#shared/schemas/stay-alternatives.ts";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import { OVERPASS_DATASET } from "#tests/fakes/overpass-places.ts";
import { PETS_REFUSED_IDS, WHOLE_TRIP_ELEMENTS } from "#tests/fakes/whole-trip-places.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * The whole trip (issue 47), keyless, against the Overpass fake's Paris and Lyon with lodging,
 * cafés and restaurants with cuisines, and the geocoder knowing Boston: the journey out and home,
 * a stay at every stop with rooms for the party, three meals a day covering the cuisines asked
 * for, every cost for the party, the needs and the modes avoided respected, and a budget nothing
 * fits refused with the cheapest total and nothing saved.
 */

let fakes: PlacesFakes;
let app: TestApp;

beforeAll(async () => {
  fakes = await startPlacesFakes({ dataset: [...OVERPASS_DATASET, ...WHOLE_TRIP_ELEMENTS] });
  app = await createTestApp({ ...GENEROUS_LIMITS, ...fakes.places(5000) });
}, 60_000);

afterEach(() => fakes.reset());

afterAll(async () => {
  await app.close();
  await fakes.close();
});

// Tuesday 9 March 2027: Paris two nights, Lyon two nights, from Boston, four of us.
const party = {
  stops: [
    { destination: "Paris", nights: 2 },
    { destination: "Lyon", nights: 2 },
  ],
  startDate: "2027-03-09",
  endDate: "2027-03-13",
  budget: 30_000,
  travelStyle: "comfort",
  interests: ["Culture & Arts", "History"],
  origin: "Boston",
  travellers: 4,
  lodging: { kind: "not-shared", needs: [] },
  cuisines: ["French", "Italian"],
  avoid: [],
};

async function plan(client: TestClient, body: object) {
  return client.post("/api/trips", body, { Accept: "application/json" });
}

async function planned(body: object): Promise<Trip> {
  const { client } = await signUpUser(app);
  const res = await plan(client, body);
  expect(res.status).toBe(201);
  return tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
}

/** Days with no journey: neither the first nor the last, nor a transfer between two stops. */
const fullDays = (trip: Trip) =>
  trip.itinerary.days.slice(1, -1).filter((d) => (d.stops ?? [0]).length === 1);

const meals = (trip: Trip) =>
  trip.itinerary.days.flatMap((d) => d.activities.filter((a) => a.meal));

describe("POST /api/trips: the whole trip", () => {
  it("plans a party of four from Boston: out and home, stays for four, meals covering French and Italian", async () => {
    const trip = await planned(party);
    expect(trip.party).toMatchObject({
      origin: "Boston",
      travellers: 4,
      cuisines: ["French", "Italian"],
    });

    const [out, home] = trip.transport;
    expect(trip.transport).toHaveLength(2);
    expect(out).toMatchObject({
      mode: "flight",
      from: "Boston",
      to: "Paris",
      planned: true,
      estimated: true,
    });
    expect(out!.departAt.slice(0, 10)).toBe("2027-03-09");
    expect(out!.departZone).toBe("America/New_York");
    expect(out!.arriveZone).toBe("Europe/Paris");
    expect(home).toMatchObject({ from: "Lyon", to: "Boston", planned: true });
    expect(home!.departAt.slice(0, 10)).toBe("2027-03-13");
    // A flight is a ticket each: the party's price is four of them.
    expect(out!.totalPrice!.currency).toBe("USD");
    expect(out!.totalPrice!.amount).toBeGreaterThan(4 * 300);
    expect(out!.durationMinutes).toBeGreaterThan(400);

    expect(trip.stays.map((s) => s.stopIndex)).toEqual([0, 1]);
    for (const stay of trip.stays) {
      expect(stay).toMatchObject({ planned: true, estimated: true, nights: 2 });
      expect(["hotel", "entire-home", "private-room"]).toContain(stay.kind);
      // A hotel room sleeps two, a whole home four: rooms for all four either way.
      expect(stay.rooms).toBe(stay.kind === "entire-home" ? 1 : 2);
      expect(stay.totalPrice!.amount).toBeCloseTo(stay.pricePerNight! * 2, 1);
      expect(stay.why).toBeTruthy();
    }
    expect(trip.stays.map((s) => s.checkIn)).toEqual(["2027-03-09", "2027-03-11"]);

    // Three meals on every full day, none twice, each naming itself; French and Italian covered.
    const days = trip.itinerary.days;
    expect(fullDays(trip).length).toBeGreaterThan(0);
    for (const day of fullDays(trip))
      expect(day.activities.filter((a) => a.meal).map((a) => a.meal)).toEqual([
        "breakfast",
        "lunch",
        "dinner",
      ]);
    const places = meals(trip).map((a) => a.osmId);
    expect(new Set(places).size).toBe(places.length);
    const cuisines = new Set(meals(trip).map((a) => a.cuisine));
    expect(cuisines.has("French")).toBe(true);
    expect(cuisines.has("Italian")).toBe(true);
    // The journey home leaves at 17:00: the last day has no dinner in Lyon.
    expect(days.at(-1)!.activities.some((a) => a.meal === "dinner")).toBe(false);
  });

  it("never chooses a place tagged pets=no for a party bringing its dog", async () => {
    const trip = await planned({ ...party, lodging: { kind: "not-shared", needs: ["pets"] } });
    expect(trip.stays).toHaveLength(2);
    for (const stay of trip.stays) {
      expect(PETS_REFUSED_IDS).not.toContain(stay.osmId);
      expect(stay.why).toMatch(/allows pets/);
    }
  });

  it("without the need, the cheapest nearest hotel (pets=no) is a fair choice", async () => {
    const trip = await planned({
      ...party,
      travelStyle: "budget",
      lodging: { kind: "hotel", needs: [] },
    });
    expect(trip.stays.map((s) => s.kind)).toEqual(["hotel", "hotel"]);
    // The cheapest, nearest hotels: the ones the pets need leaves out.
    expect(trip.stays.map((s) => s.osmId)).toEqual(PETS_REFUSED_IDS);
  });

  it("never plans a flight with avoid flights (Marseille to Paris by train or road)", async () => {
    const trip = await planned({ ...party, origin: "Marseille", avoid: ["flights"] });
    expect(trip.transport).toHaveLength(2);
    for (const journey of trip.transport) expect(journey.mode).not.toBe("flight");
    const driving = await planned({ ...party, origin: "Marseille", avoid: ["flights", "driving"] });
    // Never at the wheel: a train, a coach or (someone else driving) a taxi.
    for (const journey of driving.transport) {
      expect(["train", "bus", "car"]).toContain(journey.mode);
      if (journey.mode === "car") expect(journey.carrier).toBe("Taxi");
    }
  });

  it("counts every cost for the party: meals and visits per person times four", async () => {
    const one = await planned({ ...party, travellers: 1 });
    const four = await planned(party);
    const mealCost = (trip: Trip) => meals(trip).reduce((t, a) => t + (a.cost ?? 0), 0);
    // Meals are priced a person; the flight for four is four tickets.
    expect(mealCost(four)).toBeCloseTo(mealCost(one), 5);
    expect(four.transport[0]!.totalPrice!.amount).toBeCloseTo(
      one.transport[0]!.totalPrice!.amount * 4,
      1,
    );
    // Rooms for four cost twice the rooms for one (two hotel rooms).
    const nightly = (trip: Trip) => trip.stays.map((s) => s.pricePerNight! / s.rooms!);
    expect(nightly(four).length).toBe(2);
  });

  it("refuses a budget nothing fits: 422 over_budget with the cheapest total, nothing saved", async () => {
    const { client, userId } = await signUpUser(app);
    const count = async () =>
      (
        await app.deps.database.db
          .select({ id: trips.id })
          .from(trips)
          .where(eq(trips.userId, userId))
      ).length;
    const res = await plan(client, { ...party, budget: 500 });
    expect(res.status).toBe(422);
    const body = apiErrorSchema.parse(await res.json());
    expect(body.error.code).toBe("over_budget");
    const breakdown = body.error.breakdown!;
    expect(breakdown.budget).toBe(500);
    expect(breakdown.total).toBeGreaterThan(500);
    expect(breakdown.total).toBeCloseTo(
      breakdown.journeys + breakdown.stays + breakdown.meals + breakdown.activities,
      1,
    );
    // Fewer paid visits is the last resort: none is left in the cheapest plan.
    expect(breakdown.activities).toBe(0);
    expect(body.error.message).toBe(overBudgetMessage(breakdown.total, 500));
    expect(await count()).toBe(0);
  });

  it("a request without the new fields still gets planned stays and three meals on full days", async () => {
    const { origin: _o, travellers: _t, lodging: _l, cuisines: _c, avoid: _a, ...plain } = party;
    const trip = await planned({ ...plain, budget: 30_000 });
    expect(trip.party).toMatchObject({ origin: null, travellers: 1 });
    expect(trip.transport).toEqual([]);
    expect(trip.stays).toHaveLength(2);
    for (const stay of trip.stays) expect(stay.rooms).toBe(1);
    for (const day of fullDays(trip))
      expect(day.activities.filter((a) => a.meal).map((a) => a.meal)).toEqual([
        "breakfast",
        "lunch",
        "dinner",
      ]);
  });

  it("GET …/stays/:stayId/alternatives: three others meeting the party, shaped for PATCH stays; members only", async () => {
    const { client } = await signUpUser(app);
    const res = await plan(client, party);
    const trip = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
    const paris = trip.stays.find((s) => s.stopIndex === 0)!;
    const answer = await client.get(`/api/trips/${trip.id}/stays/${paris.id}/alternatives`);
    expect(answer.status).toBe(200);
    const { stays } = stayAlternativesSchema.parse(await answer.json());
    expect(stays).toHaveLength(3);
    for (const alternative of stays) {
      expect(alternative.osmId).not.toBe(paris.osmId);
      expect(alternative).toMatchObject({
        planned: true,
        stopIndex: 0,
        checkIn: paris.checkIn,
        checkOut: paris.checkOut,
        nights: 2,
        estimated: true,
      });
      expect(["hotel", "entire-home", "private-room"]).toContain(alternative.kind);
      expect(alternative.totalPrice!.amount).toBeCloseTo(alternative.pricePerNight! * 2, 1);
      expect(alternative.why).toBeTruthy();
    }
    // One of them applied through the ordinary PATCH.
    const chosen = stays[0]!;
    const patched = await client.patch(`/api/trips/${trip.id}`, {
      version: trip.version,
      stays: trip.stays.map((s) => (s.id === paris.id ? { ...chosen, id: paris.id } : s)),
    });
    expect(patched.status).toBe(200);

    const stranger = await signUpUser(app);
    const refused = await stranger.client.get(
      `/api/trips/${trip.id}/stays/${paris.id}/alternatives`,
    );
    expect(refused.status).toBe(404);
    const missing = await client.get(
      `/api/trips/${trip.id}/stays/00000000-0000-4000-8000-000000000000/alternatives`,
    );
    expect(missing.status).toBe(404);
  });

  it("alternatives keep the needs: none refuses pets", async () => {
    const { client } = await signUpUser(app);
    const res = await plan(client, { ...party, lodging: { kind: "not-shared", needs: ["pets"] } });
    const trip = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
    for (const stay of trip.stays) {
      const answer = await client.get(`/api/trips/${trip.id}/stays/${stay.id}/alternatives`);
      const { stays } = stayAlternativesSchema.parse(await answer.json());
      expect(stays.length).toBeGreaterThan(0);
      for (const alternative of stays) expect(PETS_REFUSED_IDS).not.toContain(alternative.osmId);
    }
  });
});
