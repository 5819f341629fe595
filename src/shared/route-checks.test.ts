import { describe, expect, it } from "vitest";
import { UNPLACED } from "#shared/place-fields.ts";
import { checkDayRealism } from "./realism.ts";
import { FAR_FROM_STAY_KM, isWarning, type RouteContext } from "./route-checks.ts";
import type { Activity, Day, TripPlace } from "./schemas/itinerary.ts";
import type { Stay, Transport } from "./schemas/trip-stops.ts";

let nextId = 0;
function act(time: string, stopIndex: number, overrides: Partial<Activity> = {}): Activity {
  nextId += 1;
  return {
    id: `a${nextId}`,
    time,
    activity: `Activity ${nextId}`,
    location: `Place ${nextId}`,
    description: "",
    cost: null,
    durationMinutes: 60,
    ...UNPLACED,
    stopIndex,
    ...overrides,
  };
}

const place = (name: string, lat: number, lng: number, timezone = "Europe/Paris"): TripPlace => ({
  name,
  country: "France",
  lat,
  lng,
  timezone,
});
const PARIS = place("Paris", 48.8566, 2.3522);
const LYON = place("Lyon", 45.764, 4.8357);
const LISBON = place("Lisbon", 38.7223, -9.1393, "Europe/Lisbon");

const stops = [
  { destination: "Paris", startDate: "2027-03-09", endDate: "2027-03-11", place: PARIS },
  { destination: "Lyon", startDate: "2027-03-11", endDate: "2027-03-13", place: LYON },
];
const TRANSFER = "2027-03-11";
const transferDay = (activities: Activity[]): Day => ({
  date: TRANSFER,
  stops: [0, 1],
  activities,
});

const journey = (overrides: Partial<Transport> = {}): Transport => ({
  id: "6f1c3b8e-0d4a-4b8e-9a55-1f1f1f1f1f1f",
  mode: "train",
  from: "Paris Gare de Lyon",
  to: "Lyon Part-Dieu",
  departAt: `${TRANSFER}T12:00`,
  arriveAt: `${TRANSFER}T14:00`,
  departZone: "Europe/Paris",
  arriveZone: "Europe/Paris",
  carrier: "SNCF",
  number: "TGV 6611",
  reference: null,
  notes: null,
  ...overrides,
});

const stay = (overrides: Partial<Stay> = {}): Stay => ({
  id: "0b5b8c4e-1f0a-4c4e-8f3e-2a2a2a2a2a2a",
  stopIndex: 0,
  name: "Hôtel du Louvre",
  address: null,
  checkIn: "2027-03-09",
  checkOut: "2027-03-11",
  lat: 0,
  lng: 0,
  osmId: null,
  reference: null,
  ...overrides,
});

const kinds = (day: Day, route: RouteContext) =>
  checkDayRealism(day, { dayBudget: null, route }).map((w) => [w.kind, w.activityId]);

describe("a transfer day with a saved transport", () => {
  const route = { stops, transport: [journey()] };

  it("lets the first city run up to departure and the next start at arrival, exactly", () => {
    const morning = act("11:00", 0); // ends at 12:00, as the train leaves
    const afternoon = act("14:00", 1); // starts as the train arrives
    expect(kinds(transferDay([morning, afternoon]), route)).toEqual([]);
  });

  it("warns of an activity running into the journey, or left after departure", () => {
    const late = act("10:00", 0, { durationMinutes: 121 }); // ends at 12:01
    const after = act("12:30", 0, { durationMinutes: 30 });
    const warnings = checkDayRealism(transferDay([late, after]), { dayBudget: null, route });
    expect(warnings.map((w) => w.kind)).toEqual(["journey", "after-departure"]);
    expect(warnings[1]?.message).toBe(`In Paris at 12:30, after you leave for Lyon (12:00)`);
  });

  it("warns of an activity in the next city before arrival, a minute early", () => {
    const early = act("13:59", 1);
    const warnings = checkDayRealism(transferDay([early]), { dayBudget: null, route });
    expect(warnings.map((w) => [w.kind, w.message])).toEqual([
      ["before-arrival", "In Lyon at 13:59, before you arrive from Paris (about 14:00)"],
    ]);
  });

  it("reads a flight's times in each end's own zone", () => {
    const lisbonStops = [stops[0]!, { ...stops[1]!, destination: "Lisbon", place: LISBON }];
    const flight = journey({
      mode: "flight",
      from: "Paris CDG",
      to: "Lisbon",
      departAt: `${TRANSFER}T10:00`,
      arriveAt: `${TRANSFER}T11:45`,
      arriveZone: "Europe/Lisbon",
    });
    const r = { stops: lisbonStops, transport: [flight] };
    expect(kinds(transferDay([act("11:45", 1)]), r)).toEqual([]);
    expect(kinds(transferDay([act("11:44", 1)]), r)[0]?.[0]).toBe("before-arrival");
  });
});

describe("a transfer day without a transport", () => {
  it("allows the journey by distance after the last activity in the first city", () => {
    // Paris → Lyon is about 4.9 h on the ground: leaving at 11:00, arriving about 15:54.
    const morning = act("10:00", 0);
    expect(kinds(transferDay([morning, act("16:00", 1)]), { stops })).toEqual([]);
    const tooSoon = act("15:30", 1);
    expect(kinds(transferDay([morning, tooSoon]), { stops })).toEqual([
      ["before-arrival", tooSoon.id],
    ]);
  });

  it("says nothing on a day in one city", () => {
    const day: Day = { date: "2027-03-10", stops: [0], activities: [act("23:00", 0)] };
    expect(kinds(day, { stops })).toEqual([]);
  });
});

describe("the night's stay", () => {
  // One degree of latitude is about 111.19 km.
  const KM_PER_DEGREE = (2 * Math.PI * 6371) / 360;
  const day = (lat: number): Day => ({
    date: "2027-03-10",
    stops: [0],
    activities: [act("10:00", 0, { lat, lng: 0 })],
  });
  const withStay = {
    stops,
    stays: [stay(), stay({ stopIndex: 1, checkIn: TRANSFER, checkOut: "2027-03-13" })],
  };

  it("warns when the day's first activity is further than 30 km from where the night was", () => {
    expect(kinds(day((FAR_FROM_STAY_KM - 0.5) / KM_PER_DEGREE), withStay)).toEqual([]);
    const far = day((FAR_FROM_STAY_KM + 0.5) / KM_PER_DEGREE);
    const warnings = checkDayRealism(far, { dayBudget: null, route: withStay });
    expect(warnings.map((w) => w.kind)).toEqual(["far-from-stay"]);
    expect(warnings[0]?.message).toBe("About 31 km from Hôtel du Louvre, where the day starts");
  });

  it("asks gently where the traveller stays in a city without a stay, on its first day", () => {
    const lyonFirst = transferDay([act("10:00", 0), act("17:00", 1)]);
    const route = { stops, stays: [stay()] };
    const notes = checkDayRealism(lyonFirst, { dayBudget: null, route });
    expect(notes).toEqual([
      {
        kind: "no-stay",
        severity: "note",
        date: TRANSFER,
        activityId: lyonFirst.activities[1]!.id,
        message: "Where are you staying in Lyon?",
      },
    ]);
    expect(notes.filter(isWarning)).toEqual([]);
    // With a stay in Lyon, or when stays are not checked at all, nothing is asked.
    expect(kinds(lyonFirst, withStay)).toEqual([]);
    expect(kinds(lyonFirst, { stops })).toEqual([]);
  });
});

describe("a journey on a day that is not a transfer day", () => {
  // The flight home from Lyon on the trip's last day.
  const home = journey({
    mode: "flight",
    from: "Lyon",
    to: "Lisbon",
    departAt: "2027-03-13T17:00",
    arriveAt: "2027-03-13T18:40",
    arriveZone: "Europe/Lisbon",
  });
  const lastDay = (activities: Activity[]): Day => ({ date: "2027-03-13", stops: [1], activities });
  const route = { stops, transport: [home] };

  it("warns of an activity overlapping it, to the minute, on the departure's clock", () => {
    const overlapping = act("16:01", 1); // ends at 17:01, a minute into the flight
    const during = act("18:00", 1); // 18:00 in Lyon is 17:00 in Lisbon: still in the air (19:40 Lyon time)
    const warnings = checkDayRealism(lastDay([overlapping, during]), { dayBudget: null, route });
    expect(warnings.map((w) => [w.kind, w.activityId])).toEqual([
      ["journey", overlapping.id],
      ["journey", during.id],
    ]);
    expect(warnings[0]?.message).toBe("During the journey from Lyon to Lisbon (17:00–19:40)");
  });

  it("leaves activities that end as it leaves, or start once it has landed", () => {
    const before = act("16:00", 1); // ends at 17:00
    const after = act("19:40", 1);
    expect(kinds(lastDay([before, after]), route)).toEqual([]);
  });
});
