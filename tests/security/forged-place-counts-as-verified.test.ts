import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Activity } from "#shared/schemas/itinerary.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { startOverpassFake, type OverpassFake } from "#tests/fakes/overpass-fake.ts";
import { FAKE_DESTINATIONS } from "#tests/fakes/overpass-places.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

// A PATCH could set any activity's osmId, website and opening hours: grounding then read "verified
// 9/9" and a shared trip showed its trusted OpenStreetMap badge beside a phishing link.

const PARIS = {
  name: "Paris",
  country: "France",
  timezone: "Europe/Paris",
  ...FAKE_DESTINATIONS.paris,
};
const PHISHING = "https://louvre-tickets.example/login";
const LOUVRE_SITE = "https://www.louvre.fr/";
const LOUVRE_HOURS = "Mo,We,Th,Sa,Su 09:00-18:00; Fr 09:00-21:45; Tu off";

let overpass: OverpassFake;
let t: TestApp;
beforeAll(async () => {
  overpass = await startOverpassFake();
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", OVERPASS_URL: overpass.url });
});
beforeEach(() => overpass.reset());
afterAll(async () => {
  await t.close();
  await overpass.close();
});

/** A Paris trip: one activity verified as the Louvre (stored by the planner), one unverified. */
async function parisTrip() {
  const owner = await signUpUser(t);
  const verified = activityOf({
    time: "10:00",
    activity: "See the Mona Lisa",
    location: "Musée du Louvre",
    description: "Go early.",
    cost: 22,
    lat: 48.8611,
    lng: 2.3358,
    osmId: "way/1001",
    openingHours: LOUVRE_HOURS,
    website: LOUVRE_SITE,
  });
  const plain = activityOf({
    time: "15:00",
    activity: "Buy tickets",
    location: "Ticket office",
    description: "Skip the queue.",
    cost: 0,
  });
  const row = await insertTrip(t.deps.database.db, owner.userId, {
    days: 1,
    place: PARIS,
    itinerary: { days: [{ date: "2027-03-01", activities: [verified, plain] }] },
    grounding: { status: "partial", verified: 1, total: 2, reason: null },
  });
  return { owner, row, verified, plain };
}

type Sent = Omit<Activity, "id"> & { id?: string };

async function save(client: TestClient, id: string, version: number, activities: Sent[]) {
  const itinerary = { days: [{ date: "2027-03-01", activities }] };
  const res = await client.patch(`/api/trips/${id}`, { version, itinerary });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { trip: Trip }).trip;
}

async function sharedView(client: TestClient, id: string) {
  const res = await client.post(`/api/trips/${id}/share`);
  const { trip } = (await res.json()) as { trip: Trip };
  const shared = await createClient(t).get(`/api${trip.sharePath}`);
  expect(shared.status).toBe(200);
  return ((await shared.json()) as { trip: Trip }).trip;
}

describe("a place forged in an edit", () => {
  it("an osmId OpenStreetMap does not have is saved unverified, its link and hours dropped", async () => {
    const { owner, row, verified, plain } = await parisTrip();
    const trip = await save(owner.client, row.id, 1, [
      verified,
      { ...plain, osmId: "node/999999", website: PHISHING, openingHours: "24/7" },
    ]);
    expect(trip.itinerary.days[0]!.activities[1]).toMatchObject({
      location: "Ticket office",
      osmId: null,
      website: null,
      openingHours: null,
    });
    expect(trip.grounding).toMatchObject({ status: "partial", verified: 1, total: 2 });
    // The server asked OpenStreetMap itself.
    expect(overpass.requests.some((r) => /node\(id:999999\)/.test(r.query))).toBe(true);

    const shared = await sharedView(owner.client, row.id);
    expect(JSON.stringify(shared)).not.toContain(PHISHING);
    expect(shared.grounding).toMatchObject({ verified: 1, total: 2 });
  });

  it("a real osmId takes OpenStreetMap's name, hours, website and coordinates, not the client's", async () => {
    const { owner, row, verified, plain } = await parisTrip();
    const trip = await save(owner.client, row.id, 1, [
      verified,
      {
        ...plain,
        location: "Louvre tickets",
        osmId: "node/1002",
        website: PHISHING,
        openingHours: "24/7",
        lat: 48.87,
        lng: 2.3,
      },
    ]);
    expect(trip.itinerary.days[0]!.activities[1]).toMatchObject({
      activity: "Buy tickets",
      location: "Musée d'Orsay",
      osmId: "node/1002",
      lat: 48.86,
      lng: 2.3266,
      openingHours: "Tu-Su 09:30-18:00; Th 09:30-21:45; Mo off",
      website: null,
    });
    expect(trip.grounding).toMatchObject({ status: "verified", verified: 2, total: 2 });
  });

  it("a verified activity keeps its stored website and hours whatever the client sends", async () => {
    const { owner, row, verified, plain } = await parisTrip();
    const trip = await save(owner.client, row.id, 1, [
      { ...verified, website: PHISHING, openingHours: "24/7" },
      plain,
    ]);
    expect(trip.itinerary.days[0]!.activities[0]).toMatchObject({
      osmId: "way/1001",
      website: LOUVRE_SITE,
      openingHours: LOUVRE_HOURS,
    });
    // Nothing new was claimed: OpenStreetMap is not asked.
    expect(overpass.requests).toHaveLength(0);
  });

  it("a new activity's website or hours without an osmId is dropped", async () => {
    const { owner, row, verified, plain } = await parisTrip();
    const { id: _id, ...fresh } = plain;
    const trip = await save(owner.client, row.id, 1, [
      verified,
      { ...fresh, lat: 48.86, lng: 2.35, website: PHISHING, openingHours: "24/7" },
    ]);
    expect(trip.itinerary.days[0]!.activities[1]).toMatchObject({
      lat: 48.86,
      osmId: null,
      website: null,
      openingHours: null,
    });
  });

  it("with OpenStreetMap unreachable: confirmed from the places cache, otherwise unverified", async () => {
    const { owner, row, verified, plain } = await parisTrip();
    // A search fills the places cache for the destination, as the editor's place picker does.
    const search = await owner.client.get(`/api/places/search?tripId=${row.id}&q=orsay`);
    expect(search.status).toBe(200);
    overpass.setFailure("busy");
    const fromCache = await save(owner.client, row.id, 1, [
      verified,
      { ...plain, osmId: "node/1002", website: PHISHING },
    ]);
    expect(fromCache.itinerary.days[0]!.activities[1]).toMatchObject({
      osmId: "node/1002",
      location: "Musée d'Orsay",
      website: null,
    });
    const unreachable = await save(owner.client, row.id, 2, [
      verified,
      { ...plain, id: plain.id, osmId: "node/1003", website: PHISHING },
    ]);
    expect(unreachable.itinerary.days[0]!.activities[1]).toMatchObject({
      osmId: null,
      website: null,
    });
    expect(unreachable.grounding).toMatchObject({ status: "partial", verified: 1, total: 2 });
  }, 20_000);
});
