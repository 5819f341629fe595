import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tripMembers } from "#server/db/schema.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import { insertTrip } from "#tests/support/factories.ts";
import { signUpUser, type TestClient } from "#tests/support/http.ts";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { PARIS } from "#tests/support/trip-places.ts";

// F-11 (security review three): a versioned PATCH that adds a journey or a stay without an id,
// sent twice from the same base version (a retry after a lost answer, or a replay), added it twice:
// each sending drew a fresh id, and the merge kept both as separate additions. One equal to a
// journey or stay added since the base is now added once.

let om: OpenMeteoFake;
let t: TestApp;
let alice: { client: TestClient; userId: string };
let bob: { client: TestClient; userId: string };
beforeAll(async () => {
  om = await startOpenMeteoFake();
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", OPEN_METEO_GEOCODING_URL: om.url });
  alice = await signUpUser(t, { name: "Alice" });
  bob = await signUpUser(t, { name: "Bob" });
}, 60_000);
afterAll(async () => {
  await t.close();
  await om.close();
});

const train = {
  mode: "train",
  from: "Paris Gare de Lyon",
  to: "Lyon Part-Dieu",
  departAt: "2027-12-29T10:00",
  arriveAt: "2027-12-29T12:00",
  departZone: "Europe/Paris",
  arriveZone: "Europe/Paris",
  carrier: "SNCF",
  number: "TGV 6611",
  reference: "QXZ4PL",
};
const hotel = { name: "Hôtel du Louvre", checkIn: "2027-12-28", checkOut: "2027-12-29" };

async function newTrip(): Promise<Trip> {
  const row = await insertTrip(t.deps.database.db, alice.userId, {
    name: "Paris",
    destination: "Paris",
    startDate: "2027-12-28",
    endDate: "2027-12-30",
    place: PARIS,
  });
  return tripResponseSchema.parse(await (await alice.client.get(`/api/trips/${row.id}`)).json())
    .trip;
}

async function patchOk(client: TestClient, id: string, body: unknown): Promise<Trip> {
  const res = await client.patch(`/api/trips/${id}`, body);
  const json: unknown = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return tripResponseSchema.parse(json).trip;
}

describe("a PATCH adding a journey and a stay without ids, sent twice from one base version", () => {
  it("adds each once", async () => {
    const trip = await newTrip();
    const body = { version: trip.version, transport: [train], stays: [hotel] };
    const first = await patchOk(alice.client, trip.id, body);
    const replayed = await patchOk(alice.client, trip.id, body);

    expect(replayed.transport).toHaveLength(1);
    expect(replayed.stays).toHaveLength(1);
    expect(replayed.transport[0]?.id).toBe(first.transport[0]?.id);
    expect(replayed.stays[0]?.id).toBe(first.stays[0]?.id);
    expect(replayed.transport[0]).toMatchObject({ number: "TGV 6611", reference: "QXZ4PL" });
  });

  it("adds each once even after a companion's edit in between, and keeps that edit", async () => {
    const trip = await newTrip();
    await t.deps.database.db
      .insert(tripMembers)
      .values({ tripId: trip.id, userId: bob.userId, role: "editor" });
    const body = { version: trip.version, transport: [train], stays: [hotel] };
    await patchOk(alice.client, trip.id, body);
    const renamed = await patchOk(bob.client, trip.id, {
      version: trip.version + 1,
      name: "Paris at New Year",
    });
    const replayed = await patchOk(alice.client, trip.id, body);

    expect(replayed.version).toBeGreaterThan(renamed.version);
    expect(replayed.name).toBe("Paris at New Year");
    expect(replayed.transport).toHaveLength(1);
    expect(replayed.stays).toHaveLength(1);
  });

  it("keeps two equal journeys sent in one change as two, not four, when it is replayed", async () => {
    const trip = await newTrip();
    const body = { version: trip.version, transport: [train, train] };
    await patchOk(alice.client, trip.id, body);
    const replayed = await patchOk(alice.client, trip.id, body);
    expect(replayed.transport).toHaveLength(2);
  });

  it("still adds a different journey sent from the same base: the merge keeps both", async () => {
    const trip = await newTrip();
    await patchOk(alice.client, trip.id, { version: trip.version, transport: [train] });
    const later = { ...train, departAt: "2027-12-30T18:00", arriveAt: "2027-12-30T20:00" };
    const merged = await patchOk(alice.client, trip.id, {
      version: trip.version,
      transport: [later],
    });
    expect(merged.transport.map((journey) => journey.departAt)).toEqual([
      "2027-12-29T10:00",
      "2027-12-30T18:00",
    ]);
  });
});
