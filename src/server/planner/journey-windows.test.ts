import { describe, expect, it } from "vitest";
import type { Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { PLANNED_DEPARTURE_MINUTES } from "#shared/transfer-day.ts";
import { LISBON, LYON, PARIS } from "#tests/support/trip-places.ts";
import { insideWindow } from "./day-windows.ts";
import { bookedWindows, stopWindows } from "./journey-windows.ts";

// The part of each day a stop has, from the journeys: what the planner fits its visits into, so no
// visit is planned in Paris after the train to Lyon has left, nor before the flight has landed.

const stop = (n: number, place: TripStop["place"], startDate: string, endDate: string) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  destination: place?.name ?? "Nowhere",
  startDate,
  endDate,
  place,
});

const journey = (
  departAt: string,
  arriveAt: string,
  zones: [string, string] = ["Europe/Paris", "Europe/Paris"],
  route: [string, string] = ["Paris", "Lyon"],
): Transport => ({
  id: "00000000-0000-4000-8000-0000000000aa",
  mode: "train",
  from: route[0],
  to: route[1],
  departAt,
  arriveAt,
  departZone: zones[0],
  arriveZone: zones[1],
  carrier: null,
  number: null,
  reference: null,
  notes: null,
});

const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3));

// Paris 9–11 March, Lyon 11–13 March: the 11th is the transfer day.
const parisLyon = [
  stop(1, PARIS, "2027-03-09", "2027-03-11"),
  stop(2, LYON, "2027-03-11", "2027-03-13"),
];

describe("stopWindows: each stop's part of its transfer days", () => {
  it("gives the city left the day until the booked departure, the next one the rest from arrival", () => {
    const windows = stopWindows(parisLyon, [journey("2027-03-11T14:04", "2027-03-11T16:01")]);
    expect(windows).toEqual([
      { "2027-03-11": { until: minutes("14:04") } },
      { "2027-03-11": { from: minutes("16:01") } },
    ]);
  });

  it("reads each end of a journey in its own city's clock", () => {
    const stops = [
      stop(1, PARIS, "2027-03-09", "2027-03-11"),
      stop(2, LISBON, "2027-03-11", "2027-03-14"),
    ];
    // 10:00 in Paris, 2 h 40 in the air: 11:40 in Lisbon, an hour behind.
    const flight = journey(
      "2027-03-11T10:00",
      "2027-03-11T11:40",
      ["Europe/Paris", "Europe/Lisbon"],
      ["Paris", "Lisbon"],
    );
    const [paris, lisbon] = stopWindows(stops, [flight]);
    expect(paris?.["2027-03-11"]).toEqual({ until: minutes("10:00") });
    expect(lisbon?.["2027-03-11"]).toEqual({ from: minutes("11:40") });
  });

  it("without a booked journey, leaves after the morning and arrives after the journey by distance", () => {
    const [paris, lyon] = stopWindows(parisLyon);
    expect(paris?.["2027-03-11"]).toEqual({ until: PLANNED_DEPARTURE_MINUTES });
    const from = lyon?.["2027-03-11"]?.from ?? 0;
    // About 390 km: more than an hour on the way, and still the same day.
    expect(from).toBeGreaterThan(PLANNED_DEPARTURE_MINUTES + 60);
    expect(from).toBeLessThan(24 * 60);
  });

  it("gives a trip of one city no window at all", () => {
    expect(stopWindows([stop(1, PARIS, "2027-03-09", "2027-03-12")])).toEqual([{}]);
  });
});

describe("bookedWindows: the trip's first and last days from the journeys there and home", () => {
  it("starts the first day at the arrival and ends the last at the departure home", () => {
    const windows = bookedWindows(parisLyon, [
      journey("2027-03-09T07:10", "2027-03-09T09:25", undefined, ["London", "Paris"]),
      journey("2027-03-11T14:04", "2027-03-11T16:01"),
      journey("2027-03-13T18:30", "2027-03-13T20:10", undefined, ["Lyon", "London"]),
    ]);
    expect(windows[0]).toEqual({
      "2027-03-09": { from: minutes("09:25") },
      "2027-03-11": { until: minutes("14:04") },
    });
    expect(windows[1]).toEqual({
      "2027-03-11": { from: minutes("16:01") },
      "2027-03-13": { until: minutes("18:30") },
    });
  });

  it("counts an overnight journey there from its arrival on the first day", () => {
    const [paris] = bookedWindows(parisLyon, [
      journey("2027-03-08T22:00", "2027-03-09T06:45", undefined, ["Vienna", "Paris"]),
    ]);
    expect(paris?.["2027-03-09"]).toEqual({ from: minutes("06:45") });
  });

  it("gives a day trip the hours between arriving and leaving", () => {
    const windows = bookedWindows(
      [stop(1, PARIS, "2027-03-09", "2027-03-09")],
      [
        journey("2027-03-09T07:00", "2027-03-09T08:55", undefined, ["Lille", "Paris"]),
        journey("2027-03-09T19:40", "2027-03-09T20:45", undefined, ["Paris", "Lille"]),
      ],
    );
    expect(windows).toEqual([
      { "2027-03-09": { from: minutes("08:55"), until: minutes("19:40") } },
    ]);
  });

  it("leaves days without a journey whole", () => {
    expect(bookedWindows(parisLyon, [])).toEqual(stopWindows(parisLyon));
    expect(bookedWindows([], [journey("2027-03-09T07:00", "2027-03-09T08:55")])).toEqual([]);
  });
});

describe("insideWindow: whether a visit fits its stop's part of the day", () => {
  const window = { from: minutes("09:25"), until: minutes("14:04") };

  it("takes a visit that starts after arrival and ends by departure", () => {
    expect(insideWindow({ time: "09:30", durationMinutes: 120 }, window)).toBe(true);
    expect(insideWindow({ time: "12:04", durationMinutes: 120 }, window)).toBe(true);
  });

  it("refuses one that starts before arrival or ends after departure", () => {
    expect(insideWindow({ time: "09:00", durationMinutes: 60 }, window)).toBe(false);
    expect(insideWindow({ time: "13:00", durationMinutes: 90 }, window)).toBe(false);
  });

  it("takes anything on a day with no window, and leaves an open end open", () => {
    expect(insideWindow({ time: "23:00", durationMinutes: 120 }, undefined)).toBe(true);
    expect(insideWindow({ time: "22:00", durationMinutes: 90 }, { from: minutes("16:01") })).toBe(
      true,
    );
    expect(insideWindow({ time: "06:00", durationMinutes: 60 }, { until: minutes("11:00") })).toBe(
      true,
    );
  });
});
