import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { isOpenAt, openAtIn } from "#shared/opening-hours.ts";
import { checkItineraryRealism } from "#shared/realism.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import { INVENTED_PLACE, isRepairPrompt, promptCandidates } from "#tests/fakes/itinerary-model.ts";
import type { OpenAIFake } from "#tests/fakes/openai-fake.ts";
import type { OverpassFailure, OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { OVERPASS_DATASET } from "#tests/fakes/overpass-places.ts";
import { signUpUser } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * Every model answer verified: with an AI provider and places on, the prompt offers real
 * candidates (name, kind, osmId, hours), every activity of the answer is matched to OpenStreetMap
 * (the Overpass fake's Paris) — its osmId, hours, website and the place's own coordinates — an
 * invented place stays unverified, a visit at a closed place is a warning sent back in the one repair
 * call, and the trip's grounding counts the matches (or says why places could not be had).
 */

let fakes: PlacesFakes;
let overpass: OverpassFake;
let model: OpenAIFake;
/** A model, places from the Overpass fake. */
let withPlaces: TestApp;
/** A model, OVERPASS_URL=off. */
let placesOff: TestApp;
/** A model, places from the Overpass fake with a long timeout (a slow instance is waited for). */
let patientPlaces: TestApp;

beforeAll(async () => {
  fakes = await startPlacesFakes();
  ({ overpass, model } = fakes);
  const { ai, om } = fakes;
  withPlaces = await createTestApp({ ...GENEROUS_LIMITS, ...ai, ...fakes.places() });
  placesOff = await createTestApp({ ...GENEROUS_LIMITS, ...ai, OPEN_METEO_GEOCODING_URL: om.url });
  patientPlaces = await createTestApp({ ...GENEROUS_LIMITS, ...ai, ...fakes.places(10_000) });
}, 60_000);

afterEach(() => fakes.reset());

afterAll(async () => {
  await Promise.all([withPlaces.close(), placesOff.close(), patientPlaces.close()]);
  await fakes.close();
});

// Tuesday 29 and Wednesday 30 December 2026: the Louvre is closed on Tuesdays.
function tripBody(destination: string, interests: string[] = ["Culture & Arts"]) {
  return {
    destination,
    startDate: "2026-12-29",
    endDate: "2026-12-30",
    budget: 3000,
    travelStyle: "comfort",
    interests,
  };
}

async function generate(t: TestApp, body: object) {
  const user = await signUpUser(t);
  const res = await user.client.post("/api/trips", body, { Accept: "application/json" });
  expect(res.status).toBe(201);
  const json = (await res.json()) as { trip: unknown };
  return { trip: tripSchema.parse(json.trip), client: user.client };
}

const activitiesOf = (trip: Trip) => trip.itinerary.days.flatMap((d) => d.activities);
const elementOf = (osmId: string) => OVERPASS_DATASET.find((e) => `${e.type}/${e.id}` === osmId);
const repairRequests = () => model.requests.filter((r) => isRepairPrompt(r.body));
const promptOf = (i: number) => model.requests[i]?.body.messages.map((m) => m.content).join("\n");

/** Every matched activity carries exactly its OSM element's id, hours, website and coordinates. */
function expectMatchedToOsm(a: Activity) {
  const element = a.osmId ? elementOf(a.osmId) : undefined;
  expect(element, `${a.location} (${a.osmId}) is an element of the map`).toBeDefined();
  expect(a.location).toBe(element?.tags.name);
  expect(a.openingHours).toBe(element?.tags.opening_hours ?? null);
  // The service keeps http(s) websites, reads a bare domain as https, and drops anything else.
  const website = element?.tags.website ?? null;
  if (website === null || website.startsWith("javascript:")) expect(a.website).toBeNull();
  else if (/^https?:\/\//.test(website)) expect(a.website).toBe(website);
  else expect(a.website).toBe(`https://${website}/`);
  expect(a.lat).toBe(element?.lat);
  expect(a.lng).toBe(element?.lon);
}

describe("a model's plan matched to OpenStreetMap", () => {
  it("offers candidates in the prompt, matches every activity, and counts them verified", async () => {
    const { trip } = await generate(withPlaces, tripBody("Paris"));
    // One call for two days, listing real places near Paris with their osmId and hours.
    expect(model.requests).toHaveLength(1);
    const offered = promptCandidates(model.requests[0]!.body);
    expect(offered.length).toBeGreaterThan(3);
    expect(offered.length).toBeLessThanOrEqual(40);
    expect(offered).toContainEqual({
      osmId: "way/1001",
      name: "Musée du Louvre",
      kind: "museum",
      openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
    });
    // Meals need places to eat whatever the interests: Food & Dining is asked for too.
    expect(offered.some((c) => c.kind === "restaurant" || c.kind === "cafe")).toBe(true);
    expect(promptOf(0)).toContain("give its osmId");
    // The strict schema requires the osmId of every activity (and carries no `default`).
    const schema = JSON.stringify(model.requests[0]!.body.response_format?.json_schema?.schema);
    expect(schema).toContain(
      '"required":["time","activity","location","description","cost","durationMinutes","lat","lng","why","osmId"]',
    );
    expect(schema).not.toContain('"default"');

    const activities = activitiesOf(trip);
    // The model's six, and the breakfast the whole trip adds where a café is open (issue 47).
    expect(activities.filter((a) => a.meal !== "breakfast")).toHaveLength(6);
    for (const a of activities) expectMatchedToOsm(a);
    // The model guessed coordinates near the centre (expectMatchedToOsm: the place's own replaced
    // them); at least one matched place brings its website.
    expect(activities.some((a) => a.website !== null)).toBe(true);
    expect(trip.grounding).toEqual({
      status: "verified",
      verified: activities.length,
      total: activities.length,
      reason: null,
    });
    // Every visit is open at its time, so no repair call was needed.
    expect(repairRequests()).toHaveLength(0);
  });

  it("offers the candidates to the outline and to every batch of a longer trip", async () => {
    const body = {
      ...tripBody("Paris", ["Culture & Arts", "History", "Nature & Outdoors"]),
      endDate: "2026-12-31",
    };
    // Its own database: Nature & Outdoors stays uncached for the failure cases below.
    const { trip } = await generate(patientPlaces, body);
    const planning = model.requests.filter((r) => !isRepairPrompt(r.body));
    // An outline, then the three days in batches of one and two.
    expect(planning.length).toBe(3);
    for (const r of planning) expect(promptCandidates(r.body).length).toBeGreaterThan(3);
    const activities = activitiesOf(trip);
    for (const a of activities) expectMatchedToOsm(a);
    expect(trip.grounding).toEqual({
      status: "verified",
      verified: activities.length,
      total: activities.length,
      reason: null,
    });
  });

  it("keeps an invented place, unverified, and never trusts its made-up osmId", async () => {
    const { trip } = await generate(withPlaces, tripBody("Paris, invented"));
    const activities = activitiesOf(trip);
    const invented = activities.filter((a) => a.location === INVENTED_PLACE.name);
    expect(invented).toHaveLength(2);
    for (const a of invented) {
      expect(a.osmId).toBeNull();
      expect(a.openingHours).toBeNull();
      expect(a.website).toBeNull();
    }
    for (const a of activities.filter((x) => x.location !== INVENTED_PLACE.name))
      expectMatchedToOsm(a);
    // Looked up by name near the destination — its location, then its activity text — and not
    // found; the second day's same texts were not asked again.
    const byName = overpass.requests.filter((r) => r.query.includes("Nuage Imaginaire"));
    expect(byName).toHaveLength(2);
    // The model's six (two invented) and the whole trip's breakfasts, real places (issue 47).
    expect(trip.grounding).toEqual({
      status: "partial",
      verified: activities.length - 2,
      total: activities.length,
      reason: null,
    });
  });

  it("warns of a visit at a closed place in the repair call, and saves the repaired day", async () => {
    const { trip } = await generate(withPlaces, tripBody("Paris, closed-visit"));
    const repairs = repairRequests();
    expect(repairs).toHaveLength(1);
    const sent = repairs[0]!.body.messages.map((m) => m.content).join("\n");
    expect(sent).toContain("Musée du Louvre is closed at 10:00 on Tuesday, 29 December");
    // The repair call lists the candidates again, so the model can pick open ones.
    expect(promptCandidates(repairs[0]!.body).length).toBeGreaterThan(3);

    const place = trip.place!;
    for (const day of trip.itinerary.days)
      for (const a of day.activities) {
        expectMatchedToOsm(a);
        expect(
          isOpenAt(a.openingHours, {
            countryCode: "FR",
            lat: place.lat,
            lng: place.lng,
            localDate: day.date,
            localTime: a.time,
          }),
          `${a.location} at ${a.time} on ${day.date}`,
        ).not.toBe("closed");
      }
    expect(
      checkItineraryRealism(trip.itinerary, { budget: 3000, openAt: openAtIn(place) }),
    ).toEqual([]);
    expect(trip.grounding.status).toBe("verified");
  });

  it("saves what remains when the repair keeps the closed visit, after one repair call", async () => {
    const { trip } = await generate(withPlaces, tripBody("Paris, closed-visit stubborn"));
    expect(repairRequests()).toHaveLength(1);
    const tuesday = trip.itinerary.days.find((d) => d.date === "2026-12-29")!;
    expect(tuesday.activities[0]).toMatchObject({
      time: "10:00",
      location: "Musée du Louvre",
      osmId: "way/1001",
    });
    const warnings = checkItineraryRealism(trip.itinerary, {
      budget: 3000,
      openAt: openAtIn(trip.place!),
    });
    expect(warnings.map((w) => w.message)).toContain(
      "Musée du Louvre is closed at 10:00 on Tuesday, 29 December",
    );
    expect(trip.grounding).toEqual({ status: "verified", verified: 6, total: 6, reason: null });
  });

  // Each case asks for an interest not cached yet, so Overpass is really asked (and fails).
  const cases: { failure: OverpassFailure; interest: string; reason: RegExp }[] = [
    {
      failure: "remark",
      interest: "Shopping",
      reason: /the OpenStreetMap service did not answer in time/,
    },
    {
      failure: "busy",
      interest: "Adventure",
      reason: /the OpenStreetMap service was too busy to answer/,
    },
    {
      failure: "gateway-timeout",
      interest: "Relaxation",
      reason: /the OpenStreetMap service did not answer in time/,
    },
    {
      failure: "hang",
      interest: "Nature & Outdoors",
      reason: /the OpenStreetMap service did not answer in time/,
    },
  ];
  for (const { failure, interest, reason } of cases)
    it(`saves the model's trip, unverified and unavailable with a reason, on ${failure}`, async () => {
      overpass.setFailure(failure);
      const { trip } = await generate(withPlaces, tripBody("Paris", [interest]));
      expect(trip.grounding.status).toBe("unavailable");
      expect(trip.grounding.reason).toMatch(reason);
      for (const a of activitiesOf(trip)) expect(a.osmId).toBeNull();
      // Planned without candidates, and nothing was looked up by name once places had failed.
      expect(promptCandidates(model.requests[0]!.body)).toEqual([]);
      expect(overpass.requests.every((r) => !r.query.includes('"name"~'))).toBe(true);
    }, 20_000);

  it("does not hold the model back for a slow Overpass: it plans without candidates", async () => {
    overpass.setDelay(6000);
    const { client } = await signUpUser(patientPlaces);
    const started = Date.now();
    // An interest no earlier test asked for here, so Overpass is really asked (slowly).
    const pending = client.post("/api/trips", tripBody("Paris", ["Adventure"]), {
      Accept: "application/json",
    });
    await vi.waitFor(() => expect(model.requests.length).toBeGreaterThan(0), {
      timeout: 6000,
      interval: 50,
    });
    // The model was asked while Overpass was still answering: the candidates were waited for
    // about 2.5 s, not the 6 s Overpass takes.
    expect(overpass.inFlight).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(promptCandidates(model.requests[0]!.body)).toEqual([]);
    overpass.setDelay(0);
    const res = await pending;
    expect(res.status).toBe(201);
    const trip = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
    // The late candidates still arrived (and were cached); the model's own names were looked up.
    expect(overpass.requests.some((r) => r.query.includes('"name"~'))).toBe(true);
    // The model's six and the whole trip's meals (issue 47).
    expect(trip.grounding.total).toBe(activitiesOf(trip).length);
    expect(activitiesOf(trip).length).toBeGreaterThanOrEqual(6);
    expect(trip.grounding.status).toMatch(/^(verified|partial)$/);
  }, 30_000);

  it("says so when the destination is not found, asking OpenStreetMap nothing", async () => {
    const { trip } = await generate(withPlaces, tripBody("Atlantis"));
    expect(trip.place).toBeNull();
    expect(trip.grounding).toEqual({
      status: "unavailable",
      verified: 0,
      total: 0,
      reason:
        "The destination could not be found on the map, so the places of this plan could not be checked on OpenStreetMap.",
    });
    expect(overpass.requests).toHaveLength(0);
    for (const a of activitiesOf(trip)) expect(a.osmId).toBeNull();
  });

  it("with OVERPASS_URL=off: no candidates, no osmId, grounding off", async () => {
    const { trip } = await generate(placesOff, tripBody("Paris"));
    expect(promptCandidates(model.requests[0]!.body)).toEqual([]);
    expect(trip.grounding).toEqual({ status: "off", verified: 0, total: 0, reason: null });
    for (const a of activitiesOf(trip)) expect(a.osmId).toBeNull();
    expect(overpass.requests).toHaveLength(0);
  });
});

describe("grounding after edits", () => {
  it("recounts after PATCH: free text clears the match, a picked place keeps it", async () => {
    const { trip, client } = await generate(withPlaces, tripBody("Paris"));
    expect(trip.grounding.status).toBe("verified");
    const days = trip.itinerary.days.map((d) => ({ date: d.date, activities: [...d.activities] }));
    const first = days[0]!.activities.find((a) => !a.meal)!;
    const at = days[0]!.activities.indexOf(first);
    const total = activitiesOf(trip).length;

    // Free text: a new location loses its OpenStreetMap match.
    days[0]!.activities[at] = { ...first, location: "My friend's flat" };
    let res = await client.patch(`/api/trips/${trip.id}`, {
      version: trip.version,
      itinerary: { days },
    });
    expect(res.status).toBe(200);
    let edited = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
    expect(edited.itinerary.days[0]!.activities[at]).toMatchObject({
      id: first.id,
      location: "My friend's flat",
      osmId: null,
      openingHours: null,
      website: null,
    });
    expect(edited.grounding).toEqual({
      status: "partial",
      verified: total - 1,
      total,
      reason: null,
    });

    // A place picked in the editor: location, coordinates, osmId, hours and website as sent.
    const louvre = elementOf("way/1001")!;
    const picked = {
      ...first,
      location: "Musée du Louvre",
      lat: louvre.lat,
      lng: louvre.lon,
      osmId: "way/1001",
      openingHours: louvre.tags.opening_hours ?? null,
      website: "https://www.louvre.fr/",
    };
    days[0]!.activities[at] = picked;
    res = await client.patch(`/api/trips/${trip.id}`, {
      version: edited.version,
      itinerary: { days },
    });
    expect(res.status).toBe(200);
    edited = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
    // Its leg is routed again from the breakfast before it (issue 47): the rest is as sent.
    const { travel: _sent, ...pickedPlace } = picked;
    const { travel: _routed, ...saved } = edited.itinerary.days[0]!.activities[at]!;
    expect(saved).toEqual(pickedPlace);
    expect(edited.grounding).toEqual({ status: "verified", verified: total, total, reason: null });
  });

  it("leaves an 'off' trip as it is, even when a client claims a place it cannot confirm", async () => {
    const { trip, client } = await generate(placesOff, tripBody("Paris"));
    const days = trip.itinerary.days.map((d) => ({ date: d.date, activities: [...d.activities] }));
    const first = days[0]!.activities[0]!;
    days[0]!.activities[0] = { ...first, activity: "A slower morning" };
    let res = await placesOffPatch(client, trip.id, trip.version, days);
    expect(res.grounding).toEqual({ status: "off", verified: 0, total: 0, reason: null });

    days[0]!.activities[0] = {
      ...first,
      location: "Musée du Louvre",
      lat: 48.8611,
      lng: 2.3358,
      osmId: "way/1001",
      openingHours: "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off",
      website: null,
    };
    res = await placesOffPatch(client, trip.id, res.version, days);
    // With places off nothing can confirm the osmId: the activity is saved unverified, never counted.
    expect(res.grounding).toEqual({ status: "off", verified: 0, total: 0, reason: null });
    expect(res.itinerary.days[0]!.activities[0]).toMatchObject({
      location: "Musée du Louvre",
      osmId: null,
      openingHours: null,
      website: null,
    });
  });
});

async function placesOffPatch(
  client: Awaited<ReturnType<typeof signUpUser>>["client"],
  id: string,
  version: number,
  days: unknown,
): Promise<Trip> {
  const res = await client.patch(`/api/trips/${id}`, { version, itinerary: { days } });
  expect(res.status).toBe(200);
  return tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
}
