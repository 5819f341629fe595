import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { trips } from "#server/db/schema.ts";
import { minutesOf } from "#shared/transfer-day.ts";
import { routeWarnings } from "#shared/route-checks.ts";
import { newTripBookingImportSchema, tripBookingImportSchema } from "#shared/schemas/bookings.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";
import type { TripBookingsInput } from "#shared/schemas/trip-bookings-input.ts";
import { tripSchema, type Trip } from "#shared/schemas/trip.ts";
import {
  buildMail,
  FLIGHT_JSON_LD,
  HOTEL_JSON_LD,
  htmlWithJsonLd,
} from "#tests/support/booking-fixtures.ts";
import { signUpVerifiedUser, type TestClient } from "#tests/support/http.ts";
import {
  GENEROUS_LIMITS,
  startPlacesFakes,
  type PlacesFakes,
} from "#tests/support/places-fakes.ts";
import { parseSse } from "#tests/support/sse.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * A new trip from bookings (issue 35) through POST /api/trips on a real database: "Create trip"
 * (planRest false) saves the journeys, stays and booked activities with no planner and no model;
 * "Plan the rest" plans around them, keyless and with the model fake, with nothing planned over a
 * booking or a journey. Then the round trip from an e-mail through POST /api/bookings/import.
 */

let fakes: PlacesFakes;
let keyless: TestApp;
let model: TestApp;
/** One plan an hour: "Create trip" must not count as one. */
let strict: TestApp;

beforeAll(async () => {
  fakes = await startPlacesFakes();
  [keyless, model, strict] = await Promise.all([
    createTestApp({ ...GENEROUS_LIMITS, IMPORT_RATE_LIMIT: "1000", ...fakes.places() }),
    createTestApp({ ...GENEROUS_LIMITS, ...fakes.places(), ...fakes.ai }),
    createTestApp({
      ...GENEROUS_LIMITS,
      GENERATION_RATE_LIMIT: "1",
      ...fakes.places(),
      ...fakes.ai,
    }),
  ]);
}, 60_000);

afterEach(() => fakes.reset());

afterAll(async () => {
  await Promise.all([keyless.close(), model.close(), strict.close()]);
  await fakes.close();
});

// Tuesday 9 March 2027: Paris two nights, Lyon two nights, flying in and out from London.
const frame = {
  stops: [
    { destination: "Paris", nights: 2 },
    { destination: "Lyon", nights: 2 },
  ],
  startDate: "2027-03-09",
  endDate: "2027-03-13",
  budget: 3000,
  travelStyle: "comfort",
  interests: ["Culture & Arts", "History"],
};

const bookings = {
  transport: [
    // Listed out of order: saved in departure order, as PATCH saves them.
    {
      mode: "train",
      from: "Paris Gare de Lyon",
      to: "Lyon Part-Dieu",
      departAt: "2027-03-11T14:00",
      arriveAt: "2027-03-11T16:00",
      number: "TGV 6611",
    },
    {
      mode: "flight",
      from: "London Heathrow",
      to: "Paris Charles de Gaulle",
      departAt: "2027-03-09T09:10",
      arriveAt: "2027-03-09T11:30",
      departZone: "Europe/London",
      reference: "RXJ34P",
    },
    {
      mode: "flight",
      from: "Lyon Saint-Exupéry",
      to: "London Heathrow",
      departAt: "2027-03-13T15:00",
      arriveAt: "2027-03-13T15:50",
      arriveZone: "Europe/London",
    },
  ],
  stays: [
    { name: "Hôtel du Louvre", address: null, checkIn: "2027-03-09", checkOut: "2027-03-11" },
    { name: "Hôtel des Célestins", checkIn: "2027-03-11", checkOut: "2027-03-13" },
  ],
  activities: [
    {
      date: "2027-03-10",
      time: "20:00",
      activity: "La Traviata",
      location: "Opéra Garnier",
      kind: "event",
    },
    { date: "2027-03-10", time: null, activity: "Walking tour meeting point", kind: "calendar" },
    {
      date: "2027-03-12",
      time: "12:30",
      activity: "Lunch at Daniel et Denise",
      reference: "T-42",
      kind: "restaurant",
    },
  ],
} satisfies TripBookingsInput;

const BOOKED_NAMES = new Set(bookings.activities.map((a) => a.activity));

async function create(t: TestApp, body: object, client?: TestClient) {
  const owner = client ?? (await signUpVerifiedUser(t)).client;
  const res = await owner.post("/api/trips", body, { Accept: "application/json" });
  return { res, client: owner };
}

async function created(t: TestApp, body: object, owner?: TestClient) {
  const { res, client } = await create(t, body, owner);
  expect(res.status, await res.clone().text()).toBe(201);
  const trip = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);
  return { trip, client };
}

const rowsOf = async (t: TestApp, userId: string) =>
  t.deps.database.db.select().from(trips).where(eq(trips.userId, userId));

const end = (a: Pick<Activity, "time" | "durationMinutes">) =>
  minutesOf(a.time) + a.durationMinutes;
const overlap = (a: Activity, b: Activity) =>
  minutesOf(a.time) < end(b) && minutesOf(b.time) < end(a);

/** The journeys, stays and booked activities as both paths save them. */
function expectBookingsSaved(trip: Trip) {
  expect(trip.transport.map((t) => [t.from, t.departZone, t.arriveZone])).toEqual([
    // The zones left out are the nearest stop's (Paris's and Lyon's, both Europe/Paris).
    ["London Heathrow", "Europe/London", "Europe/Paris"],
    ["Paris Gare de Lyon", "Europe/Paris", "Europe/Paris"],
    ["Lyon Saint-Exupéry", "Europe/Paris", "Europe/London"],
  ]);
  expect(trip.transport[0]).toMatchObject({ reference: "RXJ34P", mode: "flight" });
  expect(trip.stays.map((s) => [s.name, s.stopIndex])).toEqual([
    ["Hôtel du Louvre", 0],
    ["Hôtel des Célestins", 1],
  ]);
  expect(trip.itinerary.days.map((d) => [d.date, d.stops])).toEqual([
    ["2027-03-09", [0]],
    ["2027-03-10", [0]],
    ["2027-03-11", [0, 1]],
    ["2027-03-12", [1]],
    ["2027-03-13", [1]],
  ]);
  const bookedOn = (date: string) =>
    trip.itinerary.days
      .find((d) => d.date === date)!
      .activities.filter((a) => BOOKED_NAMES.has(a.activity));
  expect(bookedOn("2027-03-10")).toEqual([
    expect.objectContaining({
      time: "09:00",
      activity: "Walking tour meeting point",
      location: "Walking tour meeting point",
      description: "",
      stopIndex: 0,
      osmId: null,
    }),
    expect.objectContaining({
      time: "20:00",
      activity: "La Traviata",
      location: "Opéra Garnier",
      durationMinutes: 120,
      stopIndex: 0,
    }),
  ]);
  expect(bookedOn("2027-03-12")).toEqual([
    expect.objectContaining({
      time: "12:30",
      description: "Booking reference T-42",
      durationMinutes: 90,
      stopIndex: 1,
    }),
  ]);
  expect(bookedOn("2027-03-09")).toEqual([]);
}

/** Nothing planned over a booking, a journey, before the arrival or after the flight home. */
function expectPlannedAroundBookings(trip: Trip) {
  const planned = trip.itinerary.days.flatMap((d) =>
    d.activities.filter((a) => !BOOKED_NAMES.has(a.activity)),
  );
  expect(planned.length, "the planner filled the free time").toBeGreaterThan(4);
  for (const day of trip.itinerary.days) {
    const booked = day.activities.filter((a) => BOOKED_NAMES.has(a.activity));
    const ours = day.activities.filter((a) => !BOOKED_NAMES.has(a.activity));
    for (const a of ours) {
      for (const b of booked) expect(overlap(a, b), `${a.activity} over ${b.activity}`).toBe(false);
      for (const other of ours)
        if (other !== a)
          expect(overlap(a, other), `${a.activity} over ${other.activity}`).toBe(false);
    }
    // The shared route checks, as the trip page runs them: no journey warning of any kind.
    const warnings = routeWarnings(day, { stops: trip.stops, transport: trip.transport });
    expect(warnings.filter((w) => w.severity !== "note")).toEqual([]);
    const times = day.activities.map((a) => a.time);
    expect(times).toEqual([...times].sort());
  }
  const [first] = trip.itinerary.days;
  const last = trip.itinerary.days[trip.itinerary.days.length - 1]!;
  // Landing at 11:30 in Paris; leaving Lyon at 15:00.
  for (const a of first!.activities) expect(minutesOf(a.time)).toBeGreaterThanOrEqual(11 * 60 + 30);
  for (const a of last.activities) expect(end(a)).toBeLessThanOrEqual(15 * 60);
  const transfer = trip.itinerary.days[2]!;
  // The booked train: Paris until 14:00, Lyon from 16:00.
  for (const a of transfer.activities) {
    if (a.stopIndex === 0) expect(end(a)).toBeLessThanOrEqual(14 * 60);
    else expect(minutesOf(a.time)).toBeGreaterThanOrEqual(16 * 60);
  }
}

describe("POST /api/trips with bookings and planRest: false (Create trip)", () => {
  it("saves the journeys, stays and booked activities with no planner and no plan counted", async () => {
    const user = await signUpVerifiedUser(strict);
    const body = { ...frame, bookings, planRest: false };
    const { trip } = await created(strict, body, user.client);
    expect(trip.status).toBe("generated");
    expect(trip.destination).toBe("Paris → Lyon");
    // The stops resolved as the planner resolves them: the map and the weather work.
    expect(trip.stops.map((s) => s.place?.name)).toEqual(["Paris", "Lyon"]);
    expect(trip.place?.name).toBe("Paris");
    expectBookingsSaved(trip);
    // Only the bookings: nothing planned.
    expect(trip.itinerary.days.flatMap((d) => d.activities)).toHaveLength(3);
    expect(fakes.model.requests).toEqual([]);
    expect(fakes.overpass.requests).toEqual([]);

    // GENERATION_RATE_LIMIT is 1 here: neither this trip nor the next used it up.
    const again = await create(strict, body, user.client);
    expect(again.res.status).toBe(201);
    const plan = await create(strict, frame, user.client);
    expect(plan.res.status).toBe(201);
    expect(fakes.model.requests.length).toBeGreaterThan(0);
    expect(await rowsOf(strict, user.userId)).toHaveLength(3);
  });

  it("a one-city trip: days without stop indexes, as one-stop trips are stored", async () => {
    const { trip } = await created(keyless, {
      destination: "Lyon",
      startDate: "2027-03-11",
      endDate: "2027-03-13",
      budget: 800,
      planRest: false,
      bookings: {
        stays: [{ name: "Hôtel des Célestins", checkIn: "2027-03-11", checkOut: "2027-03-13" }],
        activities: [bookings.activities[2]],
      },
    });
    expect(trip.stops).toHaveLength(1);
    expect(trip.stops[0]?.place?.timezone).toBe("Europe/Paris");
    expect(trip.stays[0]?.stopIndex).toBe(0);
    expect(trip.itinerary.days.map((d) => d.stops)).toEqual([undefined, undefined, undefined]);
    expect(trip.itinerary.days[1]?.activities).toEqual([
      expect.objectContaining({ time: "12:30", activity: "Lunch at Daniel et Denise" }),
    ]);
    expect(trip.itinerary.days[1]?.activities[0]?.stopIndex).toBeUndefined();
  });

  it("a fixed-offset zone at a station or airport a stop names becomes that stop's zone", async () => {
    // What an import gives a time whose place it could not name: the offset as an Etc zone.
    const { trip } = await created(keyless, {
      destination: "Lyon",
      startDate: "2027-03-11",
      endDate: "2027-03-13",
      budget: 800,
      planRest: false,
      bookings: {
        transport: [
          {
            mode: "flight",
            from: "London Heathrow",
            to: "Lyon Saint-Exupéry",
            departAt: "2027-03-11T09:10",
            arriveAt: "2027-03-11T11:55",
            departZone: "UTC",
            arriveZone: "Etc/GMT-1",
          },
          {
            // An offset Lyon does not have that day is the booking's own, and is kept.
            mode: "flight",
            from: "Lyon Saint-Exupéry",
            to: "London Heathrow",
            departAt: "2027-03-13T18:00",
            arriveAt: "2027-03-13T18:50",
            departZone: "Etc/GMT-2",
            arriveZone: "UTC",
          },
        ],
      },
    });
    expect(trip.transport.map((t) => [t.departZone, t.arriveZone])).toEqual([
      // London is no stop of this trip: its UTC stays as the booking gave it.
      ["UTC", "Europe/Paris"],
      ["Etc/GMT-2", "UTC"],
    ]);
    expect(trip.transport[0]).toMatchObject({ arriveAt: "2027-03-11T11:55" });
  });

  it("streams the days and the saved trip too", async () => {
    const { client } = await signUpVerifiedUser(keyless);
    const res = await client.post(
      "/api/trips",
      { ...frame, bookings, planRest: false },
      { Accept: "text/event-stream" },
    );
    expect(res.status).toBe(200);
    const events = parseSse(await res.text());
    expect(events.map((e) => e.event)).toEqual([
      "start",
      "day",
      "day",
      "day",
      "day",
      "day",
      "done",
    ]);
    const trip = tripSchema.parse((events.at(-1)?.data as { trip: unknown }).trip);
    expectBookingsSaved(trip);
  });
});

describe("POST /api/trips with bookings (Plan the rest)", () => {
  it("keyless: plans the free time around the bookings and the journeys", async () => {
    const { trip, client } = await created(keyless, { ...frame, bookings });
    expectBookingsSaved(trip);
    expectPlannedAroundBookings(trip);
    const read = await client.get(`/api/trips/${trip.id}`);
    const saved = tripSchema.parse(((await read.json()) as { trip: unknown }).trip);
    expect(saved.itinerary).toEqual(trip.itinerary);
    expect(saved.transport).toEqual(trip.transport);
  });

  it("keyless, streamed: the days sent last are the saved ones, bookings in", async () => {
    const { client } = await signUpVerifiedUser(keyless);
    const res = await client.post(
      "/api/trips",
      { ...frame, bookings },
      {
        Accept: "text/event-stream",
      },
    );
    const events = parseSse(await res.text());
    const done = events.at(-1);
    expect(done?.event).toBe("done");
    const trip = tripSchema.parse((done?.data as { trip: unknown }).trip);
    expectBookingsSaved(trip);
    expectPlannedAroundBookings(trip);
    const lastDays = new Map<number, unknown>();
    for (const e of events)
      if (e.event === "day") {
        const { index, day } = e.data as { index: number; day: unknown };
        lastDays.set(index, day);
      }
    // Legs are routed as the plan is saved, after its days were sent (issue 46).
    expect([...lastDays.values()]).toEqual(
      trip.itinerary.days.map((day) => ({
        ...day,
        activities: day.activities.map(({ travel: _travel, ...activity }) => activity),
      })),
    );
  });

  it("with the model: plans around them too", async () => {
    const { trip } = await created(model, { ...frame, bookings, planRest: true });
    expect(fakes.model.requests.length).toBeGreaterThan(0);
    expectBookingsSaved(trip);
    expectPlannedAroundBookings(trip);
  });

  it("a trip without bookings is planned as before", async () => {
    const { trip } = await created(keyless, frame);
    expect(trip.transport).toEqual([]);
    expect(trip.stays).toEqual([]);
    expect(trip.itinerary.days.flatMap((d) => d.activities).length).toBeGreaterThan(8);
  });
});

describe("POST /api/trips with bookings refused", () => {
  const refused = async (t: TestApp, body: object) => {
    const user = await signUpVerifiedUser(t);
    const { res } = await create(t, body, user.client);
    const json = (await res.json()) as { error: { code: string; message: string } };
    expect(await rowsOf(t, user.userId)).toEqual([]);
    return { status: res.status, error: json.error };
  };

  it("422 for a booked activity outside the trip's dates, saving nothing", async () => {
    const { status, error } = await refused(keyless, {
      ...frame,
      planRest: false,
      bookings: { activities: [{ ...bookings.activities[0], date: "2027-03-14" }] },
    });
    expect(status).toBe(422);
    expect(JSON.stringify(error)).toContain("Booked activities must fall within the trip's dates");
  });

  it("422 for a stay checked out before it is checked in, saving nothing", async () => {
    const { status, error } = await refused(keyless, {
      ...frame,
      bookings: {
        stays: [{ name: "Hôtel du Louvre", checkIn: "2027-03-11", checkOut: "2027-03-10" }],
      },
    });
    expect(status).toBe(422);
    expect(JSON.stringify(error)).toContain("Check-out must be after check-in");
  });

  it("422 for a journey no stop can give a time zone, before anything is planned", async () => {
    const { status, error } = await refused(model, {
      destination: "Atlantis",
      startDate: "2027-03-09",
      endDate: "2027-03-10",
      budget: 500,
      bookings: { transport: [{ ...bookings.transport[0] }] },
    });
    expect(status).toBe(422);
    expect(error.message).toBe("Departure zone is required: the stop's time zone is not known");
    expect(fakes.model.requests).toEqual([]);
  });

  it("a planner failure saves nothing", async () => {
    fakes.model.enqueue(
      ...Array.from({ length: 8 }, () => ({ kind: "error" as const, status: 401 })),
    );
    const { status } = await refused(model, {
      ...frame,
      stops: undefined,
      destination: "Lyon",
      bookings,
    });
    expect(status).toBe(502);
    expect(fakes.model.requests.length).toBeGreaterThan(0);
  });
});

describe("a new trip from an e-mail, round trip", () => {
  const OPERA_JSON_LD = {
    "@context": "https://schema.org",
    "@type": "EventReservation",
    reservationNumber: "OPERA-9",
    reservationFor: {
      "@type": "Event",
      name: "La Traviata",
      startDate: "2026-12-30T20:00:00+01:00",
      location: { "@type": "Place", name: "Opéra de Lyon" },
    },
  };
  const mail = buildMail([
    { type: "text/plain", body: "Your bookings are confirmed.", encoding: "7bit" },
    {
      type: "text/html",
      body: htmlWithJsonLd([FLIGHT_JSON_LD, HOTEL_JSON_LD, OPERA_JSON_LD]),
      encoding: "base64",
    },
  ]);
  const upload = (client: TestClient, url: string) => {
    const form = new FormData();
    form.append("file", new File([mail], "bookings.eml", { type: "message/rfc822" }));
    return client.request("POST", url, { body: form });
  };

  it("imports, creates the trip from the proposal, shows it, and a second import marks it all existing", async () => {
    const { client } = await signUpVerifiedUser(keyless);
    const imported = await upload(client, "/api/bookings/import");
    expect(imported.status).toBe(200);
    const { proposal } = newTripBookingImportSchema.parse(await imported.json());
    expect(proposal.stops).toEqual([{ destination: "Lyon", nights: 4 }]);

    const res = await client.post(
      "/api/trips",
      {
        destination: proposal.destination,
        startDate: proposal.startDate,
        endDate: proposal.endDate,
        stops: proposal.stops,
        budget: 1200,
        bookings: {
          transport: proposal.transport,
          stays: proposal.stays,
          activities: proposal.activities,
        },
        planRest: false,
      },
      { Accept: "application/json" },
    );
    expect(res.status).toBe(201);
    const { id } = tripSchema.parse(((await res.json()) as { trip: unknown }).trip);

    const read = await client.get(`/api/trips/${id}`);
    const trip = tripSchema.parse(((await read.json()) as { trip: unknown }).trip);
    expect(trip.transport).toEqual([
      expect.objectContaining({
        from: proposal.transport[0]?.from,
        departAt: "2026-12-28T09:10",
        arriveAt: "2026-12-28T11:55",
        // London is no stop: its zone is the proposal's. The arrival's fixed offset from the
        // e-mail (+01:00, Etc/GMT-1) is Lyon's zone once the trip has Lyon as a stop.
        departZone: proposal.transport[0]?.departZone,
        arriveZone: "Europe/Paris",
        reference: "RXJ34P",
      }),
    ]);
    expect(trip.stays).toEqual([
      expect.objectContaining({
        name: "Hôtel des Célestins",
        checkIn: "2026-12-28",
        checkOut: "2027-01-01",
        stopIndex: 0,
      }),
    ]);
    expect(trip.itinerary.days.find((d) => d.date === "2026-12-30")?.activities).toEqual([
      expect.objectContaining({
        time: "20:00",
        activity: "La Traviata",
        location: "Opéra de Lyon",
        description: "Booking reference OPERA-9",
      }),
    ]);

    const again = await upload(client, `/api/trips/${id}/bookings/import`);
    expect(again.status).toBe(200);
    const second = tripBookingImportSchema.parse(await again.json()).proposal;
    expect(second.transport.map((t) => t.existing)).toEqual([true]);
    expect(second.stays.map((s) => s.existing)).toEqual([true]);
    expect(second.activities.map((a) => a.existing)).toEqual([true]);
  });
});
