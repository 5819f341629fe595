import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#server/db/schema.ts";
import type { Activity, Itinerary } from "#shared/schemas/itinerary.ts";
import { tripBookingImportSchema } from "#shared/schemas/bookings.ts";
import { DEFAULT_PARTY, type TripParty } from "#shared/schemas/trip-party.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import type { Stay, Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { startFrankfurterFake } from "#tests/fakes/frankfurter-fake.ts";
import {
  BOOKING_COM_HOTEL_JSON_LD,
  buildMail,
  htmlWithJsonLd,
} from "#tests/support/booking-fixtures.ts";
import { activityOf, insertTrip, stayOf } from "#tests/support/factories.ts";
import { signUpVerifiedUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { LYON, PARIS } from "#tests/support/trip-places.ts";

// `spending` of GET /api/trips/:id (issue 47) through real HTTP on a real database, with the
// Frankfurter fake publishing 1 USD = 0.9 EUR, 0.8 GBP: the party's total, booked prices replacing
// the planner's estimates, a Booking.com hotel imported in EUR, and no rates at all.

let fake: Awaited<ReturnType<typeof startFrankfurterFake>>;
let t: TestApp;
let noRates: TestApp;
let owner: { client: TestClient; userId: string };
let offline: { client: TestClient; userId: string };

beforeAll(async () => {
  fake = await startFrankfurterFake();
  [t, noRates] = await Promise.all([
    createTestApp({ AUTH_RATE_LIMIT: "1000", IMPORT_RATE_LIMIT: "1000", FX_URL: fake.url }),
    createTestApp({ AUTH_RATE_LIMIT: "1000", FX_URL: "off" }),
  ]);
  owner = await signUpVerifiedUser(t, { name: "Ada" });
  offline = await signUpVerifiedUser(noRates, { name: "Grace" });
}, 120_000);

afterAll(async () => {
  await Promise.all([t.close(), noRates.close(), fake.close()]);
});

const STOPS: TripStop[] = [
  {
    id: "00000000-0000-4000-8000-0000000000b1",
    destination: "Paris",
    startDate: "2026-12-28",
    endDate: "2026-12-30",
    place: PARIS,
  },
  {
    id: "00000000-0000-4000-8000-0000000000b2",
    destination: "Lyon",
    startDate: "2026-12-30",
    endDate: "2027-01-01",
    place: LYON,
  },
];

const meal = (time: string, which: Activity["meal"], cost: number | null): Activity =>
  activityOf({
    time,
    activity: `${which} at Chez Nous`,
    location: "Rue de Rivoli",
    description: "A planned meal.",
    cost,
    meal: which,
    cuisine: "French",
  });

const visit = (time: string, cost: number | null, extra: Partial<Activity> = {}): Activity =>
  activityOf({
    time,
    activity: "Musée",
    location: "Centre",
    description: "A visit.",
    cost,
    ...extra,
  });

/** Five days; a person's meals 10 + 30 on the first day, visits 18 planned and 50 booked. */
function itinerary(): Itinerary {
  const dates = ["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01"];
  return {
    days: dates.map((date, i) => ({
      date,
      activities:
        i === 0
          ? [
              meal("08:30", "breakfast", 10),
              visit("10:00", 18),
              meal("19:30", "dinner", 30),
              visit("21:00", 50, { booked: true }),
              visit("22:30", null),
            ]
          : [],
    })),
  };
}

const planned = { planned: true, estimated: true } as const;

const journeyOut: Transport = {
  id: "00000000-0000-4000-8000-0000000000c1",
  mode: "flight",
  from: "Boston",
  to: "Paris",
  departAt: "2026-12-27T18:00",
  arriveAt: "2026-12-28T07:30",
  departZone: "America/New_York",
  arriveZone: "Europe/Paris",
  carrier: null,
  number: null,
  reference: null,
  notes: null,
  totalPrice: { amount: 2400, currency: "USD" },
  durationMinutes: 450,
  ...planned,
};

const journeyHome: Transport = {
  ...journeyOut,
  id: "00000000-0000-4000-8000-0000000000c2",
  from: "Lyon",
  to: "Boston",
  departAt: "2027-01-01T12:00",
  arriveAt: "2027-01-01T15:30",
  departZone: "Europe/Paris",
  arriveZone: "America/New_York",
  totalPrice: { amount: 2600, currency: "USD" },
};

const hotelOf = (stopIndex: number, checkIn: string, checkOut: string): Stay =>
  stayOf(checkIn, checkOut, {
    id: `00000000-0000-4000-8000-0000000000d${stopIndex}`,
    stopIndex,
    name: stopIndex === 0 ? "Hôtel du Marais" : "Hôtel Lyon Centre",
    kind: "hotel",
    nights: 2,
    rooms: 2,
    why: "private rooms",
    ...planned,
  });

const PARIS_STAY: Stay = { ...hotelOf(0, "2026-12-28", "2026-12-30"), pricePerNight: 300 };
const LYON_STAY: Stay = {
  ...hotelOf(1, "2026-12-30", "2027-01-01"),
  totalPrice: { amount: 500, currency: "USD" },
};

async function partyTrip(
  app: TestApp,
  userId: string,
  extra: { party?: TripParty; transport?: Transport[]; stays?: Stay[]; startDate?: string } = {},
) {
  return insertTrip(app.deps.database.db, userId, {
    name: "Paris and Lyon",
    destination: "Paris → Lyon",
    startDate: "2026-12-28",
    endDate: "2027-01-01",
    place: PARIS,
    stops: STOPS,
    itinerary: itinerary(),
    party: { ...DEFAULT_PARTY, origin: "Boston", travellers: 4 },
    transport: [journeyOut, journeyHome],
    stays: [PARIS_STAY, LYON_STAY],
    ...extra,
  });
}

async function read(client: TestClient, id: string): Promise<Trip> {
  const res = await client.get(`/api/trips/${id}`);
  expect(res.status).toBe(200);
  return tripResponseSchema.parse(await res.json()).trip;
}

async function patchOk(client: TestClient, id: string, body: unknown): Promise<Trip> {
  const res = await client.patch(`/api/trips/${id}`, body);
  const json: unknown = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(200);
  return tripResponseSchema.parse(json).trip;
}

describe("GET /api/trips/:id spending", () => {
  it("counts the whole party: journeys and stays as priced, meals and visits × travellers", async () => {
    const row = await partyTrip(t, owner.userId);
    const trip = await read(owner.client, row.id);
    expect(trip.party.travellers).toBe(4);
    expect(trip.spending).toEqual({
      journeys: 5000, // 2,400 out + 2,600 home, each for the whole party
      stays: 1100, // Paris 300 a night × 2 nights + Lyon's total 500
      meals: 160, // (10 + 30) × 4
      activities: 272, // (18 + 50) × 4; the visit without a cost is not counted
      total: 6532,
      estimated: true,
      estimatedParts: ["journeys", "stays", "meals", "activities"],
    });
  });

  it("a trip saved before issue 47 reads as one traveller, with only its activities", async () => {
    const row = await partyTrip(t, owner.userId, {
      party: DEFAULT_PARTY,
      transport: [],
      stays: [],
    });
    // As migration 0022 leaves a trip saved before it: no party.
    await t.deps.database.db.update(trips).set({ party: null }).where(eq(trips.id, row.id));
    const trip = await read(owner.client, row.id);
    expect(trip.party).toEqual(DEFAULT_PARTY);
    expect(trip.spending).toEqual({
      journeys: 0,
      stays: 0,
      meals: 40,
      activities: 68,
      total: 108,
      estimated: true,
      estimatedParts: ["meals", "activities"],
    });
  });

  it("only booked visits and free ones: activities are not an estimate", async () => {
    const booked: Itinerary = {
      days: [
        {
          date: "2026-12-28",
          activities: [visit("10:00", 50, { booked: true }), visit("12:00", 0)],
        },
        ...itinerary().days.slice(1),
      ],
    };
    const row = await insertTrip(t.deps.database.db, owner.userId, {
      startDate: "2026-12-28",
      days: 5,
      itinerary: booked,
      party: { ...DEFAULT_PARTY, travellers: 2 },
    });
    const trip = await read(owner.client, row.id);
    expect(trip.spending).toMatchObject({ activities: 100, estimated: false, estimatedParts: [] });
  });

  it("a Booking.com hotel imported in EUR replaces Lyon's estimate, at the day's rate", async () => {
    const row = await partyTrip(t, owner.userId);
    const mail = buildMail([
      { type: "text/html", body: htmlWithJsonLd(BOOKING_COM_HOTEL_JSON_LD), encoding: "base64" },
    ]);
    const form = new FormData();
    form.append("file", new File([mail], "booking.eml", { type: "message/rfc822" }));
    const res = await owner.client.request("POST", `/api/trips/${row.id}/bookings/import`, {
      body: form,
    });
    expect(res.status).toBe(200);
    const { proposal } = tripBookingImportSchema.parse(await res.json());
    const { existing: _e, duplicateOf: _d, ...hotel } = proposal.stays[0]!;
    expect(hotel).toMatchObject({
      checkIn: "2026-12-30",
      totalPrice: { amount: 782.4, currency: "EUR" },
    });

    const before = await read(owner.client, row.id);
    const saved = await patchOk(owner.client, row.id, {
      version: before.version,
      stays: [...before.stays, hotel],
    });
    expect(saved.stays.find((s) => s.name === "Hôtel des Célestins")).toMatchObject({
      totalPrice: { amount: 782.4, currency: "EUR" },
    });
    expect(saved.stays.find((s) => s.name === "Hôtel des Célestins")).not.toHaveProperty("planned");

    const trip = await read(owner.client, row.id);
    // Paris's planned 600 still counts; Lyon's planned 500 is replaced by €782.40 / 0.9.
    expect(trip.spending).toMatchObject({ stays: 1469.33, total: 6901.33 });
    expect(trip.spending?.estimatedParts).toContain("stays"); // Paris is still an estimate

    // Booked elsewhere for Paris too (a typed price in USD): no stay is an estimate any more.
    const next = await patchOk(owner.client, row.id, {
      version: trip.version,
      stays: [
        ...trip.stays,
        {
          name: "Le Petit Paris",
          checkIn: "2026-12-28",
          checkOut: "2026-12-30",
          totalPrice: { amount: 410, currency: "USD" },
        },
      ],
    });
    expect((await read(owner.client, next.id)).spending).toMatchObject({
      stays: 1279.33,
      estimatedParts: ["journeys", "meals", "activities"],
    });
  });

  it("a booked journey in GBP replaces the planned one of its dates; the other still counts", async () => {
    const row = await partyTrip(t, owner.userId);
    const before = await read(owner.client, row.id);
    const booked = {
      mode: "flight",
      from: "Lyon Saint-Exupéry",
      to: "Boston Logan",
      departAt: "2027-01-01T11:40",
      arriveAt: "2027-01-01T16:05",
      departZone: "Europe/Paris",
      arriveZone: "America/New_York",
      reference: "RXJ34P",
      totalPrice: { amount: 1600, currency: "GBP" },
    };
    await patchOk(owner.client, row.id, {
      version: before.version,
      transport: [...before.transport, booked],
    });
    const trip = await read(owner.client, row.id);
    // 2,400 planned out + £1,600 / 0.8 booked home; the planned 2,600 home no longer counts.
    expect(trip.spending).toMatchObject({ journeys: 4400 });
    expect(trip.transport).toHaveLength(3);
  });

  it("a booking without a price replaces nothing: the estimate stays the figure", async () => {
    const row = await partyTrip(t, owner.userId);
    const before = await read(owner.client, row.id);
    await patchOk(owner.client, row.id, {
      version: before.version,
      stays: [
        ...before.stays,
        { name: "Hôtel des Célestins", checkIn: "2026-12-30", checkOut: "2027-01-01" },
      ],
    });
    expect((await read(owner.client, row.id)).spending).toMatchObject({ stays: 1100 });
  });

  it("a past booking takes its own day's rate; when that day's cannot be had, the newest, as an estimate", async () => {
    fake.setDay("2026-03-02", { EUR: 0.8 });
    const pastStays = (checkIn: string, checkOut: string): Stay[] => [
      {
        ...hotelOf(0, checkIn, checkOut),
        planned: undefined,
        estimated: undefined,
        pricePerNight: undefined,
        totalPrice: { amount: 400, currency: "EUR" },
      },
    ];
    const row = await insertTrip(t.deps.database.db, owner.userId, {
      startDate: "2026-03-02",
      days: 3,
      stays: pastStays("2026-03-02", "2026-03-04"),
    });
    expect((await read(owner.client, row.id)).spending).toMatchObject({
      stays: 500, // €400 / 0.8 on 2 March
      estimatedParts: ["activities"],
    });

    // The day's rates cannot be had (Frankfurter down, the day never asked): the newest do.
    const other = await insertTrip(t.deps.database.db, owner.userId, {
      startDate: "2026-03-09",
      days: 3,
      stays: pastStays("2026-03-09", "2026-03-11"),
    });
    fake.setFault("down");
    try {
      expect((await read(owner.client, other.id)).spending).toMatchObject({
        stays: 444.44, // €400 / 0.9, the newest held
        estimated: true,
        estimatedParts: ["stays", "activities"],
      });
    } finally {
      fake.setFault(null);
    }
  });

  it("without any rates a booking in EUR is left out and its part says it is estimated", async () => {
    const row = await partyTrip(noRates, offline.userId, {
      stays: [
        PARIS_STAY,
        LYON_STAY,
        {
          ...hotelOf(1, "2026-12-30", "2027-01-01"),
          id: "00000000-0000-4000-8000-0000000000e1",
          name: "Hôtel des Célestins",
          planned: undefined,
          estimated: undefined,
          totalPrice: { amount: 782.4, currency: "EUR" },
        },
      ],
    });
    const trip = await read(offline.client, row.id);
    expect(trip.rates).toBeNull();
    // Not converted, so it replaces nothing: Lyon's planned 500 still counts, labelled estimated.
    expect(trip.spending).toMatchObject({ stays: 1100, estimated: true });
    expect(trip.spending?.estimatedParts).toContain("stays");
  });
});

describe("PATCH /api/trips/:id totalPrice", () => {
  it("saves a typed journey's and stay's price, and 422s bad ones with the schema's messages", async () => {
    const row = await partyTrip(t, owner.userId, { transport: [], stays: [] });
    const trip = await read(owner.client, row.id);
    const stay = { name: "Hôtel Lyon Centre", checkIn: "2026-12-30", checkOut: "2027-01-01" };
    for (const [price, message] of [
      [{ amount: "lots", currency: "EUR" }, "Price must be a number"],
      [{ amount: 120, currency: "euro" }, "Currency must be a three-letter code such as EUR"],
    ] as const) {
      const res = await owner.client.patch(`/api/trips/${row.id}`, {
        version: trip.version,
        stays: [{ ...stay, totalPrice: price }],
      });
      expect(res.status).toBe(422);
      const body = (await res.json()) as {
        error: { code: string; message: string; issues: { path: string; message: string }[] };
      };
      expect(body.error.code).toBe("invalid_input");
      expect(body.error.issues).toContainEqual(expect.objectContaining({ message }));
    }
    const saved = await patchOk(owner.client, row.id, {
      version: trip.version,
      stays: [{ ...stay, totalPrice: { amount: 320, currency: "USD" } }],
      transport: [
        {
          mode: "train",
          from: "Paris Gare de Lyon",
          to: "Lyon Part-Dieu",
          departAt: "2026-12-30T10:04",
          arriveAt: "2026-12-30T12:01",
          totalPrice: { amount: 180, currency: "EUR" },
        },
      ],
    });
    expect(saved.stays[0]?.totalPrice).toEqual({ amount: 320, currency: "USD" });
    expect(saved.transport[0]?.totalPrice).toEqual({ amount: 180, currency: "EUR" });
    expect((await read(owner.client, row.id)).spending).toMatchObject({
      journeys: 200,
      stays: 320,
    });
  });
});
