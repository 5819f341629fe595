import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { tripMembers } from "#server/db/schema.ts";
import { openAtIn } from "#shared/opening-hours.ts";
import { dayOrderResponseSchema } from "#shared/schemas/day-order.ts";
import type { Activity, Day } from "#shared/schemas/itinerary.ts";
import { tripResponseSchema, type Trip } from "#shared/schemas/trip.ts";
import { minutesOf } from "#shared/transfer-day.ts";
import { startOsrmFake, type OsrmFake } from "#tests/fakes/osrm-fake.ts";
import { streetWay } from "#tests/fakes/routing-network.ts";
import { randomUUID } from "node:crypto";
import { activityOf, insertTrip } from "#tests/support/factories.ts";
import { createClient, signUpUser, type TestClient } from "#tests/support/http.ts";
import { LYON, PARIS } from "#tests/support/trip-places.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

/*
 * "Order this day" (issue 46): the order of a day that travels least on the OSRM fake's Paris
 * streets, exact against every order of a small day; places open when they are reached, meals in
 * their windows, bookings where they are; "already travels least"; estimates when the router fails;
 * accepted through the versioned PATCH (a companion's change meanwhile merged); editors only.
 */

let osrm: OsrmFake;
let t: TestApp;
let owner: { client: TestClient; userId: string };
let viewer: { client: TestClient; userId: string };
let stranger: { client: TestClient; userId: string };

const DATE = "2027-03-02"; // a Tuesday
const WALKS = { maxWalkMinutes: 90, modes: ["walk" as const] };

// Six places of central Paris, west to east.
const PLACES = {
  tuileries: { lat: 48.8635, lng: 2.3275, location: "Jardin des Tuileries" },
  louvre: { lat: 48.8606, lng: 2.3376, location: "Musée du Louvre" },
  pontNeuf: { lat: 48.857, lng: 2.3413, location: "Pont Neuf" },
  chapelle: { lat: 48.8554, lng: 2.345, location: "Sainte-Chapelle" },
  notreDame: { lat: 48.853, lng: 2.3499, location: "Notre-Dame" },
  hotelDeVille: { lat: 48.8566, lng: 2.3522, location: "Hôtel de Ville" },
};
type PlaceName = keyof typeof PLACES;

const visit = (name: PlaceName, time: string, extra: Partial<Activity> = {}) =>
  activityOf({
    time,
    activity: `Visit ${PLACES[name].location}`,
    location: PLACES[name].location,
    description: "",
    cost: 0,
    durationMinutes: 60,
    lat: PLACES[name].lat,
    lng: PLACES[name].lng,
    ...extra,
  });

async function tripWith(activities: Activity[], userId = owner.userId) {
  const row = await insertTrip(t.deps.database.db, userId, {
    destination: "Paris",
    startDate: DATE,
    days: 1,
    place: PARIS,
    travelMode: WALKS,
    itinerary: { days: [{ date: DATE, activities }] },
  });
  return row.id;
}

async function order(id: string, client = owner.client, date = DATE) {
  const res = await client.post(`/api/trips/${id}/days/${date}/order`);
  const json: unknown = await res.json();
  return { status: res.status, json, answer: res.ok ? dayOrderResponseSchema.parse(json) : null };
}

const walkMinutes = (a: Activity, b: Activity) =>
  Math.max(1, Math.round(streetWay("foot", a as never, b as never)!.seconds / 60));

function permutations<T>(list: readonly T[]): T[][] {
  if (list.length <= 1) return [[...list]];
  return list.flatMap((x, i) => permutations(list.toSpliced(i, 1)).map((rest) => [x, ...rest]));
}

const travelOf = (day: Day) => day.activities.reduce((s, a) => s + (a.travel?.minutes ?? 0), 0);

beforeAll(async () => {
  osrm = await startOsrmFake();
  t = await createTestApp({ ROUTING_URL: osrm.url, TRANSIT_URL: "off", ROUTING_PACE: "none" });
  owner = await signUpUser(t, { name: "Olga" });
  viewer = await signUpUser(t, { name: "Vic" });
  stranger = await signUpUser(t, { name: "Stan" });
}, 60_000);

beforeEach(async () => {
  await t.deps.database.db.execute(sql`delete from routing_cache`);
  osrm.requests.length = 0;
});
afterEach(() => osrm.setFault(null));
afterAll(async () => {
  await t.close();
  await osrm.close();
});

describe("POST /api/trips/:id/days/:date/order", () => {
  it("proposes the order that walks least, the same as the best of every order", async () => {
    // Zig-zagging across the centre.
    const activities = [
      visit("notreDame", "09:00"),
      visit("tuileries", "10:30"),
      visit("chapelle", "12:00"),
      visit("louvre", "13:30"),
      visit("hotelDeVille", "15:00"),
    ];
    const id = await tripWith(activities);
    const { status, answer } = await order(id);
    expect(status).toBe(200);
    const best = Math.min(
      ...permutations(activities).map((o) =>
        o.slice(1).reduce((sum, a, k) => sum + walkMinutes(o[k]!, a), 0),
      ),
    );
    const current = activities.slice(1).reduce((s, a, k) => s + walkMinutes(activities[k]!, a), 0);
    expect(answer).toMatchObject({
      outcome: "reordered",
      exact: true,
      estimated: false,
      version: 1,
      travelMinutes: { before: current, after: best },
    });
    expect(best).toBeLessThan(current);
    const proposed = answer!.proposal;
    expect(travelOf(proposed)).toBe(best);
    expect(answer!.message).toMatch(/^This order travels \d+ min instead of \d+ (min|h)/);
    // The day's start times, in the new order, each visit after the one before and its walk.
    expect(proposed.activities.map((a) => a.time)[0]).toBe("09:00");
    proposed.activities.forEach((a, k) => {
      if (k === 0) return;
      const before = proposed.activities[k - 1]!;
      expect(a.travel).toMatchObject({ mode: "walk", source: "router" });
      expect(minutesOf(a.time)).toBeGreaterThanOrEqual(
        minutesOf(before.time) + before.durationMinutes + a.travel!.minutes,
      );
    });
    expect(new Set(proposed.activities.map((a) => a.id))).toEqual(
      new Set(activities.map((a) => a.id)),
    );
    // One foot table for the day's places; nothing saved.
    expect(osrm.requests.map((r) => `${r.service}:${r.profile}`)).toEqual(["table:foot"]);
    const saved = tripResponseSchema.parse(
      await (await owner.client.get(`/api/trips/${id}`)).json(),
    ).trip;
    expect(saved.version).toBe(1);
    expect(saved.itinerary.days[0]!.activities.map((a) => a.id)).toEqual(
      activities.map((a) => a.id),
    );
  });

  it("says so when the day's order already travels least", async () => {
    const id = await tripWith([
      visit("tuileries", "09:00"),
      visit("louvre", "10:30"),
      visit("pontNeuf", "12:00"),
      visit("chapelle", "13:30"),
    ]);
    const { answer } = await order(id);
    expect(answer).toMatchObject({
      outcome: "already-best",
      message: "This day's order already travels least.",
    });
    expect(answer!.travelMinutes.after).toBe(answer!.travelMinutes.before);
  });

  it("reaches every place while it is open", async () => {
    // The Tuileries would come first by distance, but its (made-up) hours open it at 14:00.
    const hours = "Mo-Su 14:00-18:00";
    const activities = [
      visit("louvre", "09:00"),
      visit("tuileries", "10:30", { osmId: "way/1", openingHours: hours }),
      visit("pontNeuf", "12:00"),
      visit("notreDame", "14:00"),
    ];
    const id = await tripWith(activities);
    const { answer } = await order(id);
    const openAt = openAtIn(PARIS);
    for (const a of answer!.proposal.activities)
      if (a.openingHours) expect(openAt(a.openingHours, DATE, a.time), a.time).toBe("open");
    // Without the hours the Tuileries would open the day.
    const free = await tripWith(activities.map((a) => ({ ...a, openingHours: null })));
    expect((await order(free)).answer!.proposal.activities[0]!.location).toBe(
      "Jardin des Tuileries",
    );
    expect(answer!.proposal.activities[0]!.location).not.toBe("Jardin des Tuileries");
  });

  it("keeps meals in their windows and bookings where they are", async () => {
    const lunch = visit("tuileries", "12:30", { activity: "Lunch at Le Fumoir" });
    const booked = visit("louvre", "15:00", { booked: true, activity: "Louvre tickets" });
    const id = await tripWith([
      visit("hotelDeVille", "09:00"),
      visit("pontNeuf", "10:30"),
      lunch,
      booked,
      visit("notreDame", "17:00"),
    ]);
    const { answer } = await order(id);
    expect(answer!.outcome).not.toBe("no-order");
    const at = (id: string) => answer!.proposal.activities.find((a) => a.id === id)!;
    expect(minutesOf(at(lunch.id).time)).toBeGreaterThanOrEqual(11 * 60 + 30);
    expect(minutesOf(at(lunch.id).time)).toBeLessThanOrEqual(14 * 60 + 30);
    expect(at(booked.id).time).toBe("15:00");
  });

  it("says when no order keeps the rules", async () => {
    // Two lunches cannot both start between 11:30 and 14:30 with three hours each.
    const id = await tripWith([
      visit("louvre", "11:30", { activity: "Lunch one", durationMinutes: 180 }),
      visit("notreDame", "14:30", { activity: "Lunch two", durationMinutes: 180 }),
    ]);
    const { answer } = await order(id);
    expect(answer).toMatchObject({ outcome: "no-order" });
    expect(answer!.message).toMatch(/^No order of this day keeps every place open/);
  });

  it("orders from estimates, and says so, when the router does not answer", async () => {
    osrm.setFault("busy");
    const id = await tripWith([
      visit("notreDame", "09:00"),
      visit("tuileries", "10:30"),
      visit("chapelle", "12:00"),
      visit("louvre", "13:30"),
    ]);
    const { status, answer } = await order(id);
    expect(status).toBe(200);
    expect(answer).toMatchObject({ outcome: "reordered", estimated: true });
    expect(answer!.message).toMatch(/Some legs are estimated\.$/);
    expect(answer!.proposal.activities[1]!.travel?.source).toBe("estimate");
  });

  it("is accepted through the versioned PATCH, merged with a companion's change", async () => {
    const activities = [
      visit("notreDame", "09:00"),
      visit("tuileries", "10:30"),
      visit("chapelle", "12:00"),
      visit("louvre", "13:30"),
    ];
    const id = await tripWith(activities);
    const { answer } = await order(id);
    // Meanwhile a companion renames the trip.
    const renamed = await owner.client.patch(`/api/trips/${id}`, { version: 1, name: "Paris!" });
    expect(renamed.status).toBe(200);
    const res = await owner.client.patch(`/api/trips/${id}`, {
      version: answer!.version,
      itinerary: { days: [answer!.proposal] },
    });
    expect(res.status).toBe(200);
    const { trip } = (await res.json()) as { trip: Trip };
    expect(trip.name).toBe("Paris!");
    expect(trip.version).toBe(3);
    expect(trip.itinerary.days[0]!.activities.map((a) => [a.id, a.time])).toEqual(
      answer!.proposal.activities.map((a) => [a.id, a.time]),
    );
    // The saved legs are the proposal's.
    expect(travelOf(trip.itinerary.days[0]!)).toBe(answer!.travelMinutes.after);
  });

  it("orders each city's part of a transfer day on its own, the city left first", async () => {
    const lyon = (name: string, lat: number, lng: number, time: string) =>
      activityOf({
        time,
        activity: `Visit ${name}`,
        location: name,
        description: "",
        cost: 0,
        durationMinutes: 45,
        lat,
        lng,
        stopIndex: 1,
      });
    const paris = visit("louvre", "08:30", { stopIndex: 0, durationMinutes: 45 });
    // Lyon after the train, zig-zagging between the Presqu'île and Part-Dieu.
    const afternoon = [
      lyon("Place Bellecour", 45.7578, 4.832, "17:00"),
      lyon("Les Halles Paul Bocuse", 45.7629, 4.8505, "18:00"),
      lyon("Hôtel de Ville de Lyon", 45.7676, 4.8364, "19:00"),
      lyon("Gare Part-Dieu", 45.7606, 4.8594, "20:00"),
    ];
    const second = "2027-03-03";
    const row = await insertTrip(t.deps.database.db, owner.userId, {
      destination: "Paris",
      startDate: DATE,
      days: 2,
      place: PARIS,
      travelMode: WALKS,
      stops: [
        { id: randomUUID(), destination: "Paris", startDate: DATE, endDate: second, place: PARIS },
        { id: randomUUID(), destination: "Lyon", startDate: second, endDate: second, place: LYON },
      ],
      itinerary: {
        days: [
          { date: DATE, stops: [0], activities: [] },
          { date: second, stops: [0, 1], activities: [paris, ...afternoon] },
        ],
      },
    });
    const { answer } = await order(row.id, owner.client, second);
    expect(answer!.outcome).toBe("reordered");
    const proposed = answer!.proposal.activities;
    expect(proposed[0]).toMatchObject({ id: paris.id, time: "08:30" });
    // No leg between the cities: the journey is the transfer's.
    expect(proposed[1]!.travel).toBeUndefined();
    const best = Math.min(
      ...permutations(afternoon).map((o) =>
        o.slice(1).reduce((sum, a, k) => sum + walkMinutes(o[k]!, a), 0),
      ),
    );
    expect(answer!.travelMinutes.after).toBe(best);
    expect(proposed.slice(1).every((a) => a.stopIndex === 1 && a.time >= "17:00")).toBe(true);
  });

  it("editors only: a viewer 403, another user's trip 404, an unknown day 404, signed out 401", async () => {
    const id = await tripWith([visit("louvre", "09:00"), visit("notreDame", "11:00")]);
    await t.deps.database.db
      .insert(tripMembers)
      .values({ tripId: id, userId: viewer.userId, role: "viewer" });
    expect((await order(id, viewer.client)).status).toBe(403);
    expect((await order(id, stranger.client)).status).toBe(404);
    expect((await order(id, owner.client, "2027-03-09")).status).toBe(404);
    expect((await order(id, createClient(t))).status).toBe(401);
  });
});
