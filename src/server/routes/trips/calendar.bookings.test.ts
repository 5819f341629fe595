import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkItineraryRealism } from "#shared/realism.ts";
import type { ProposedTransport } from "#shared/schemas/bookings.ts";
import { tripBookingImportSchema } from "#shared/schemas/bookings.ts";
import type { Itinerary } from "#shared/schemas/itinerary.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { tripResponseSchema } from "#shared/schemas/trip.ts";
import type { TripStop } from "#shared/schemas/trip-stops.ts";
import { buildMail, htmlWithJsonLd, LYON_TRAIN_JSON_LD } from "#tests/support/booking-fixtures.ts";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { parseCalendar } from "#tests/support/ical.ts";
import { signUpVerifiedUser, type TestClient } from "#tests/support/http.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import { LYON, PARIS } from "#tests/support/trip-places.ts";

/*
 * An imported journey is a journey like a typed one: once accepted through PATCH it is in the
 * trip's calendar file and the route checks plan the transfer day around it. Lyon (3 nights) →
 * Paris (2 nights); the mail's train leaves Lyon Part-Dieu at 17:04 on Fri 1 Jan 2027, the
 * transfer day, and reaches Paris at 19:01.
 */
const stops: TripStop[] = [
  {
    id: "00000000-0000-4000-8000-0000000000a1",
    destination: "Lyon",
    startDate: "2026-12-29",
    endDate: "2027-01-01",
    place: LYON,
  },
  {
    id: "00000000-0000-4000-8000-0000000000a2",
    destination: "Paris",
    startDate: "2027-01-01",
    endDate: "2027-01-03",
    place: PARIS,
  },
];
const text = { location: "Centre", description: "", cost: 0 };
/** The transfer day: a last walk in Lyon that runs past 17:04, dinner in Paris before 19:01. */
const itinerary = (): Itinerary => ({
  days: [
    { date: "2026-12-29", stops: [0], activities: [] },
    { date: "2026-12-30", stops: [0], activities: [] },
    { date: "2026-12-31", stops: [0], activities: [] },
    {
      date: "2027-01-01",
      stops: [0, 1],
      activities: [
        activityOf({
          ...text,
          time: "16:30",
          activity: "Traboules walk",
          durationMinutes: 90,
          stopIndex: 0,
        }),
        activityOf({ ...text, time: "18:00", activity: "Dinner in Paris", stopIndex: 1 }),
      ],
    },
    { date: "2027-01-02", stops: [1], activities: [] },
    { date: "2027-01-03", stops: [1], activities: [] },
  ],
});

let t: TestApp;
let owner: { client: TestClient; userId: string };
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT: "1000", IMPORT_RATE_LIMIT: "1000" });
  owner = await signUpVerifiedUser(t, { name: "Ada" });
}, 120_000);
afterAll(() => t.close());

async function newTrip() {
  return insertTrip(t.deps.database.db, owner.userId, {
    destination: "Lyon → Paris",
    startDate: "2026-12-29",
    endDate: "2027-01-03",
    itinerary: itinerary(),
    place: LYON,
    stops,
  });
}

async function readTrip(id: string): Promise<Trip> {
  const res = await owner.client.get(`/api/trips/${id}`);
  expect(res.status).toBe(200);
  return tripResponseSchema.parse(await res.json()).trip;
}

/** The trip's warnings as the trip page computes them from what the API serves. */
const warningsOf = (trip: Trip) =>
  checkItineraryRealism(trip.itinerary, { budget: trip.budget, route: trip }).filter(
    (w) => w.date === "2027-01-01",
  );

const journeyEventOf = async (id: string) => {
  const res = await owner.client.get(`/api/trips/${id}/calendar.ics`);
  expect(res.status).toBe(200);
  const body = await res.text();
  const journey = parseCalendar(body).events.find((e) => e.summary.startsWith("Train "));
  return { body, journey };
};

/** What the journey form sends: the same train, typed. */
const typed = ({ existing: _e, duplicateOf: _d, ...journey }: ProposedTransport) => journey;

describe("a journey imported from a confirmation e-mail", () => {
  it("is in the calendar file and plans the transfer day, as a typed journey does", async () => {
    const trip = await newTrip();
    // Before: the journey is estimated from the day's activities, so the walk is not flagged.
    expect(warningsOf(await readTrip(trip.id)).map((w) => w.kind)).not.toContain("journey");
    expect((await journeyEventOf(trip.id)).journey).toBeUndefined();

    const form = new FormData();
    const mail = buildMail([{ type: "text/html", body: htmlWithJsonLd(LYON_TRAIN_JSON_LD) }]);
    form.append("file", new File([mail], "train.eml", { type: "message/rfc822" }));
    const imported = await owner.client.request("POST", `/api/trips/${trip.id}/bookings/import`, {
      body: form,
    });
    expect(imported.status).toBe(200);
    const { proposal } = tripBookingImportSchema.parse(await imported.json());
    expect(proposal.transport).toHaveLength(1);
    // Nothing is saved by reading.
    expect((await readTrip(trip.id)).version).toBe(trip.version);

    const accepted = await owner.client.patch(`/api/trips/${trip.id}`, {
      version: trip.version,
      transport: proposal.transport.map(typed),
    });
    expect(accepted.status).toBe(200);
    const saved = await readTrip(trip.id);
    const [train] = saved.transport;
    expect(train).toMatchObject({
      from: "Lyon Part-Dieu",
      to: "Paris Gare de Lyon",
      departAt: "2027-01-01T17:04",
      arriveAt: "2027-01-01T19:01",
      departZone: "Europe/Paris",
      arriveZone: "Europe/Paris",
      reference: "QXR7TT",
    });

    const { body, journey } = await journeyEventOf(trip.id);
    expect(journey?.uid).toBe(train!.id);
    expect(journey?.summary).toMatch(/^Train Lyon Part-Dieu → Paris Gare de Lyon/);
    expect(body).toContain("DTSTART;TZID=Europe/Paris:20270101T170400");
    expect(body).toContain("DTEND;TZID=Europe/Paris:20270101T190100");
    expect(journey?.startDate.toJSDate().toISOString()).toBe("2027-01-01T16:04:00.000Z");
    expect(journey?.description).toContain("QXR7TT");

    const warnings = warningsOf(saved);
    const walk = saved.itinerary.days[3]!.activities[0]!;
    const dinner = saved.itinerary.days[3]!.activities[1]!;
    expect(warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: "journey",
          activityId: walk.id,
          message: "Runs into the journey to Paris, which leaves at 17:04",
        }),
        expect.objectContaining({
          kind: "before-arrival",
          activityId: dinner.id,
          message: "In Paris at 18:00, before you arrive from Lyon (about 19:01)",
        }),
      ]),
    );

    // The same train typed into another trip: the same calendar times and the same warnings.
    const other = await newTrip();
    const typedRes = await owner.client.patch(`/api/trips/${other.id}`, {
      version: other.version,
      transport: [{ ...typed(proposal.transport[0]!), departZone: null, arriveZone: null }],
    });
    expect(typedRes.status).toBe(200);
    const twin = await journeyEventOf(other.id);
    expect(twin.journey?.summary).toBe(journey?.summary);
    expect(twin.journey?.startDate.toJSDate().toISOString()).toBe("2027-01-01T16:04:00.000Z");
    expect(twin.journey?.endDate.toJSDate().toISOString()).toBe(
      journey?.endDate.toJSDate().toISOString(),
    );
    const twinWarnings = warningsOf(await readTrip(other.id));
    expect(twinWarnings.map(({ kind, message }) => ({ kind, message }))).toEqual(
      warnings.map(({ kind, message }) => ({ kind, message })),
    );
  });
});
