import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#server/db/schema.ts";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import { tripConflictSchema, type ActivityInput } from "#shared/schemas/trip-edit.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const NOT_FOUND = { error: { code: "not_found", message: "Trip not found" } };

async function ownTrip(days = 3, overrides: Parameters<typeof insertTrip>[2] = {}) {
  const owner = await signUpUser(t);
  const row = await insertTrip(t.deps.database.db, owner.userId, { days, ...overrides });
  return { ...owner, row };
}

async function patch(client: TestClient, id: string, body: unknown) {
  const res = await client.patch(`/api/trips/${id}`, body);
  return { status: res.status, body: (await res.json()) as unknown };
}

async function patchOk(client: TestClient, id: string, body: unknown): Promise<Trip> {
  const { status, body: json } = await patch(client, id, body);
  expect(status, JSON.stringify(json)).toBe(200);
  return tripResponseSchema.parse(json).trip;
}

const storedRow = async (id: string) => {
  const [row] = await t.deps.database.db.select().from(trips).where(eq(trips.id, id));
  return row;
};

const days = (itinerary: Itinerary): { date: string; activities: ActivityInput[] }[] =>
  itinerary.days.map((d) => ({ date: d.date, activities: d.activities }));

describe("PATCH /api/trips/:id", () => {
  it("edits an activity in place: same id, version + 1, the rest untouched", async () => {
    const { client, row } = await ownTrip();
    const itinerary = days(row.itinerary);
    const first = row.itinerary.days[0]!.activities[0]!;
    itinerary[0]!.activities[0] = { ...first, activity: "Tram 28 ride", time: "08:15", cost: 3 };
    const trip = await patchOk(client, row.id, { version: 1, itinerary: { days: itinerary } });
    expect(trip.version).toBe(2);
    expect(trip.itinerary.days[0]!.activities[0]).toEqual({
      ...first,
      activity: "Tram 28 ride",
      time: "08:15",
      cost: 3,
    });
    expect(trip.itinerary.days.slice(1)).toEqual(row.itinerary.days.slice(1));
    expect((await storedRow(row.id))?.version).toBe(2);
  });

  it("reorders within a day and moves an activity across days, keeping every id", async () => {
    const { client, row } = await ownTrip();
    const [d1, d2, d3] = row.itinerary.days as [
      Itinerary["days"][0],
      Itinerary["days"][0],
      Itinerary["days"][0],
    ];
    const [a, b] = d1.activities as [Activity, Activity];
    const moved = d2.activities[1]!;
    const next = [
      { date: d1.date, activities: [b, a, moved] },
      { date: d2.date, activities: [d2.activities[0]!] },
      { date: d3.date, activities: d3.activities },
    ];
    const trip = await patchOk(client, row.id, { version: 1, itinerary: { days: next } });
    expect(trip.itinerary.days.map((d) => d.activities.map((x) => x.id))).toEqual([
      [b.id, a.id, moved.id],
      [d2.activities[0]!.id],
      d3.activities.map((x) => x.id),
    ]);
  });

  it("accepts an unknown cost (null), an empty day, and gives new activities ids", async () => {
    const { client, row } = await ownTrip(2);
    const [d1, d2] = row.itinerary.days as [Itinerary["days"][0], Itinerary["days"][0]];
    const strangerId = "7d5c3f0e-9a1b-4c2d-8e3f-0a1b2c3d4e5f";
    const next = [
      { date: d1.date, activities: [] },
      {
        date: d2.date,
        activities: [
          { ...d2.activities[0]!, cost: null },
          { time: "21:00", activity: "Fado night", location: "Alfama", description: "" },
          {
            id: strangerId,
            time: "22:30",
            activity: "Late bar",
            location: "Bairro Alto",
            description: "x",
            cost: 12,
          },
        ],
      },
    ];
    const trip = await patchOk(client, row.id, { version: 1, itinerary: { days: next } });
    expect(trip.itinerary.days[0]!.activities).toEqual([]);
    const [kept, added, stranger] = trip.itinerary.days[1]!.activities as [
      Activity,
      Activity,
      Activity,
    ];
    expect(kept).toMatchObject({ id: d2.activities[0]!.id, cost: null });
    expect(added).toMatchObject({ activity: "Fado night", cost: null, lat: null, osmId: null });
    expect(added.id).toMatch(/^[0-9a-f-]{36}$/);
    // An id this trip never had is not trusted: the server assigns its own.
    expect(stranger.id).not.toBe(strangerId);
    expect(new Set([kept.id, added.id, stranger.id]).size).toBe(3);
    const stored = await storedRow(row.id);
    expect(stored?.itinerary).toEqual(trip.itinerary);
  });

  it("keeps a located activity's place until its location text changes; takes a picked place", async () => {
    const owner = await signUpUser(t);
    const placed = activityOf({
      time: "10:00",
      activity: "Tiles",
      location: "Museu Nacional do Azulejo",
      description: "Tiles.",
      cost: 5,
      lat: 38.7247,
      lng: -9.1136,
      osmId: "way/123",
      openingHours: "Tu-Su 10:00-18:00",
      why: "Azulejo",
    });
    const row = await insertTrip(t.deps.database.db, owner.userId, {
      days: 1,
      itinerary: { days: [{ date: "2027-03-01", activities: [placed] }] },
    });
    const send = (version: number, activity: ActivityInput) =>
      patchOk(owner.client, row.id, {
        version,
        itinerary: { days: [{ date: "2027-03-01", activities: [activity] }] },
      });
    // The editor may not echo the place fields: they stay while the location is the same.
    const described = await send(1, {
      id: placed.id,
      time: "10:30",
      activity: "Tiles",
      location: "Museu Nacional do Azulejo",
      description: "Five centuries of tiles.",
      cost: 5,
    });
    expect(described.itinerary.days[0]!.activities[0]).toMatchObject({
      time: "10:30",
      lat: 38.7247,
      lng: -9.1136,
      osmId: "way/123",
      openingHours: "Tu-Su 10:00-18:00",
    });
    // A new location text with the old place echoed back: the old place no longer applies.
    const relocated = await send(2, {
      ...described.itinerary.days[0]!.activities[0]!,
      location: "Tile shop, Rua da Rosa",
    });
    expect(relocated.itinerary.days[0]!.activities[0]).toMatchObject({
      id: placed.id,
      location: "Tile shop, Rua da Rosa",
      lat: null,
      lng: null,
      osmId: null,
      openingHours: null,
    });
    // A pin picked with the new text is taken as sent; its osmId only once OpenStreetMap confirms
    // it (places are off here, so it is saved unverified: tests/security/forged-place-verified).
    const picked = await send(3, {
      ...relocated.itinerary.days[0]!.activities[0]!,
      location: "Fábrica Sant'Anna",
      lat: 38.71,
      lng: -9.14,
      osmId: "node/42",
    });
    expect(picked.itinerary.days[0]!.activities[0]).toMatchObject({
      id: placed.id,
      lat: 38.71,
      lng: -9.14,
      osmId: null,
    });
  });

  it("moving the start date shifts every day; a new end date adds empty days or drops the last", async () => {
    const { client, row } = await ownTrip(3);
    const shifted = await patchOk(client, row.id, { version: 1, startDate: "2027-04-10" });
    expect([shifted.startDate, shifted.endDate]).toEqual(["2027-04-10", "2027-04-12"]);
    expect(shifted.itinerary.days.map((d) => d.date)).toEqual([
      "2027-04-10",
      "2027-04-11",
      "2027-04-12",
    ]);
    expect(shifted.itinerary.days.map((d) => d.activities)).toEqual(
      row.itinerary.days.map((d) => d.activities),
    );

    const longer = await patchOk(client, row.id, { version: 2, endDate: "2027-04-14" });
    expect(longer.itinerary.days.map((d) => d.activities.length)).toEqual([2, 2, 2, 0, 0]);
    expect(longer.itinerary.days.at(-1)?.date).toBe("2027-04-14");

    const shorter = await patchOk(client, row.id, { version: 3, endDate: "2027-04-11" });
    expect(shorter.itinerary.days.map((d) => d.date)).toEqual(["2027-04-10", "2027-04-11"]);
    expect(shorter.itinerary.days.map((d) => d.activities)).toEqual(
      row.itinerary.days.slice(0, 2).map((d) => d.activities),
    );
    expect(shorter.version).toBe(4);
  });

  it("edits the trip's facts", async () => {
    const { client, row } = await ownTrip();
    const trip = await patchOk(client, row.id, {
      version: 1,
      destination: "Porto, Portugal",
      budget: 2200.5,
      travelStyle: "luxury",
      interests: ["Culture & Arts", "Culture & Arts"],
    });
    expect(trip).toMatchObject({
      destination: "Porto, Portugal",
      budget: 2200.5,
      travelStyle: "luxury",
      interests: ["Culture & Arts"],
      startDate: row.startDate,
      endDate: row.endDate,
    });
  });

  it("answers a stale version with 409 and the current trip, overwriting nothing", async () => {
    const { client, row } = await ownTrip();
    await patchOk(client, row.id, { version: 1, destination: "Sintra" });
    const before = await storedRow(row.id);
    const stale = await patch(client, row.id, { version: 1, destination: "Cascais" });
    expect(stale.status).toBe(409);
    const body = tripConflictSchema.parse(stale.body);
    expect(body.error).toEqual({
      code: "conflict",
      message: "This trip was changed somewhere else",
    });
    expect(body.trip).toMatchObject({ id: row.id, version: 2, destination: "Sintra" });
    expect(await storedRow(row.id)).toEqual(before);
  });

  it("lets exactly one of two concurrent saves of the same version win", async () => {
    const { client, row } = await ownTrip();
    const results = await Promise.all(
      ["Braga", "Faro", "Evora", "Lagos"].map((destination) =>
        patch(client, row.id, { version: 1, destination }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const winner = tripResponseSchema.parse(results.find((r) => r.status === 200)?.body).trip;
    const stored = await storedRow(row.id);
    expect(stored).toMatchObject({ version: 2, destination: winner.destination });
  });

  it("refuses invalid changes with the field's message, and writes nothing", async () => {
    const { client, row } = await ownTrip(2);
    const before = await storedRow(row.id);
    const base = days(row.itinerary);
    const withFirst = (change: Partial<ActivityInput>) => [
      { ...base[0]!, activities: [{ ...base[0]!.activities[0]!, ...change }] },
      base[1]!,
    ];
    const cases: [unknown, string][] = [
      [{ destination: "Nowhere" }, ""],
      [{ version: 1, itinerary: { days: withFirst({ time: "9am" }) } }, "Time must be HH:MM"],
      [{ version: 1, itinerary: { days: withFirst({ activity: "  " }) } }, "Activity is required"],
      [{ version: 1, itinerary: { days: withFirst({ location: "" }) } }, "Location is required"],
      [{ version: 1, itinerary: { days: withFirst({ cost: -5 }) } }, ""],
      [
        {
          version: 1,
          itinerary: {
            days: [
              {
                date: base[0]!.date,
                activities: Array.from({ length: 13 }, () => ({
                  ...base[0]!.activities[0]!,
                  id: undefined,
                })),
              },
              base[1]!,
            ],
          },
        },
        "At most 12 activities a day",
      ],
      [
        { version: 1, itinerary: { days: [base[1]!, base[0]!] } },
        "Days must be the trip's dates, in order",
      ],
      [{ version: 1, itinerary: { days: [base[0]!] } }, "Days must be the trip's dates, in order"],
      [{ version: 1, endDate: "2027-02-01" }, "End date cannot be before start date"],
      [{ version: 1, endDate: "2027-05-01" }, "Trips can be at most 30 days long"],
      [{ version: 1, destination: "x".repeat(101) }, "Destination must be at most 100 characters"],
      [{ version: 1, budget: 0 }, "Budget must be at least 1 USD"],
      [{ version: 1, startDate: "2027-02-30" }, "Start date must be a valid date"],
    ];
    for (const [body, message] of cases) {
      const res = await patch(client, row.id, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(422);
      const error = (res.body as { error: { code: string; message: string } }).error;
      expect(error.code).toBe("invalid_input");
      if (message) expect(error.message).toBe(message);
    }
    expect(await storedRow(row.id)).toEqual(before);
  });

  it("keeps the search text in step with every edit (generated column)", async () => {
    const { client, row } = await ownTrip(1);
    const search = async (q: string) => {
      const res = await client.get(`/api/trips?q=${encodeURIComponent(q)}`);
      return ((await res.json()) as { trips: { id: string }[] }).trips.map((x) => x.id);
    };
    expect(await search("Zeppelin")).toEqual([]);
    const first = row.itinerary.days[0]!;
    await patchOk(client, row.id, {
      version: 1,
      itinerary: {
        days: [
          {
            date: first.date,
            activities: [{ ...first.activities[0]!, location: "Zeppelin Hangar" }],
          },
        ],
      },
    });
    expect(await search("zeppelin")).toEqual([row.id]);
    expect(await search("market hall")).toEqual([]);
    expect((await storedRow(row.id))?.searchText).toContain("zeppelin hangar");
    await patchOk(client, row.id, { version: 2, destination: "Friedrichshafen" });
    expect(await search("friedrichshafen")).toEqual([row.id]);
  });
});

describe("POST /api/trips/:id/duplicate", () => {
  it("makes a private copy with shifted dates, new activity ids and version 1", async () => {
    const { client, row } = await ownTrip(3, { isPublic: true, version: 7 });
    const res = await client.post(`/api/trips/${row.id}/duplicate`, { startDate: "2027-06-10" });
    expect(res.status).toBe(201);
    const copy = tripResponseSchema.parse(await res.json()).trip;
    expect(copy.id).not.toBe(row.id);
    expect(copy).toMatchObject({
      destination: row.destination,
      startDate: "2027-06-10",
      endDate: "2027-06-12",
      budget: 1500,
      version: 1,
      isPublic: false,
    });
    expect(copy.itinerary.days.map((d) => d.date)).toEqual([
      "2027-06-10",
      "2027-06-11",
      "2027-06-12",
    ]);
    const oldIds = new Set(row.itinerary.days.flatMap((d) => d.activities.map((a) => a.id)));
    const copied = copy.itinerary.days.flatMap((d) => d.activities);
    expect(copied.some((a) => oldIds.has(a.id))).toBe(false);
    expect(copied.map(({ id: _id, ...rest }) => rest)).toEqual(
      row.itinerary.days.flatMap((d) => d.activities.map(({ id: _id, ...rest }) => rest)),
    );
    // The original is untouched.
    expect(await storedRow(row.id)).toMatchObject({
      version: 7,
      isPublic: true,
      startDate: "2027-03-01",
    });
    const invalid = await client.post(`/api/trips/${row.id}/duplicate`, { startDate: "soon" });
    expect(invalid.status).toBe(422);
    expect(await invalid.json()).toMatchObject({
      error: { message: "Start date must be a valid date" },
    });
  });
});

describe("PATCH /api/trips/:id: an activity's website", () => {
  it("refuses anything but an http(s) address with the field's message and stores nothing", async () => {
    const { client, row } = await ownTrip(1);
    const first = row.itinerary.days[0]!.activities[0]!;
    for (const website of ["javascript:alert(1)", "ftp://example.com/", "not a url"]) {
      const itinerary = days(row.itinerary);
      itinerary[0]!.activities[0] = { ...first, website };
      const { status, body } = await patch(client, row.id, {
        version: 1,
        itinerary: { days: itinerary },
      });
      expect(status, website).toBe(422);
      expect(JSON.stringify(body)).toContain("Website must be an http or https address");
    }
    expect((await storedRow(row.id))?.version).toBe(1);
    const itinerary = days(row.itinerary);
    // A website comes with a place picked from the search (its osmId and coordinates), and only
    // from OpenStreetMap: places are off here, so the place cannot be confirmed and is unverified.
    itinerary[0]!.activities[0] = {
      ...first,
      location: "Musée du Louvre",
      osmId: "way/1001",
      lat: 48.8611,
      lng: 2.3358,
      website: "https://www.louvre.fr/",
    };
    const trip = await patchOk(client, row.id, { version: 1, itinerary: { days: itinerary } });
    expect(trip.itinerary.days[0]!.activities[0]).toMatchObject({ osmId: null, website: null });
  });
});

describe("ownership matrix for editing routes", () => {
  it("another user's, a missing and a malformed id are 404 'Trip not found'; signed out is 401", async () => {
    const { row } = await ownTrip();
    const bob = await signUpUser(t);
    const before = await storedRow(row.id);
    const missing = "00000000-0000-4000-8000-000000000000";
    const calls = (id: string) =>
      [
        ["PATCH", `/api/trips/${id}`, { version: 1, destination: "Stolen" }],
        ["POST", `/api/trips/${id}/duplicate`, { startDate: "2027-06-01" }],
        ["POST", `/api/trips/${id}/days/2027-03-01/regenerate`, {}],
      ] as const;
    for (const id of [row.id, missing, "not-a-uuid"]) {
      for (const [method, url, json] of calls(id)) {
        const res = await bob.client.request(method, url, { json });
        expect(res.status, `${method} ${url}`).toBe(404);
        expect(await res.json()).toEqual(NOT_FOUND);
      }
    }
    for (const [method, url, json] of calls(row.id)) {
      const res = await createClient(t).request(method, url, { json });
      expect(res.status, `${method} ${url}`).toBe(401);
    }
    expect(await storedRow(row.id)).toEqual(before);
    const bobsTrips = await bob.client.get("/api/trips");
    expect(((await bobsTrips.json()) as { trips: unknown[] }).trips).toEqual([]);
  });
});
