import { describe, expect, it } from "vitest";
import {
  activityStopIndex,
  dayStopIndexes,
  joinStopNames,
  stopDateRanges,
  stopIndexesOn,
  stopIndexForNight,
  stopNights,
} from "./trip-stop-days.ts";

/** Paris 28–30 Dec, Lyon 30 Dec – 1 Jan, Nice 1–2 Jan. */
const stops = stopDateRanges("2027-12-28", [2, 2, 1]);

describe("stop dates", () => {
  it("runs each stop from its arrival day to the next one's, across a year", () => {
    expect(stops).toEqual([
      { startDate: "2027-12-28", endDate: "2027-12-30" },
      { startDate: "2027-12-30", endDate: "2028-01-01" },
      { startDate: "2028-01-01", endDate: "2028-01-02" },
    ]);
    expect(stops.map(stopNights)).toEqual([2, 2, 1]);
  });

  it("crosses a leap day and a clock change without losing a day", () => {
    expect(stopDateRanges("2028-02-28", [1, 1])).toEqual([
      { startDate: "2028-02-28", endDate: "2028-02-29" },
      { startDate: "2028-02-29", endDate: "2028-03-01" },
    ]);
    expect(stopDateRanges("2027-03-27", [2])[0]!.endDate).toBe("2027-03-29");
  });
});

describe("the stops of a day", () => {
  it("is one stop, both on a transfer day, and the nearest outside the trip", () => {
    expect(stopIndexesOn(stops, "2027-12-28")).toEqual([0]);
    expect(stopIndexesOn(stops, "2027-12-29")).toEqual([0]);
    expect(stopIndexesOn(stops, "2027-12-30")).toEqual([0, 1]);
    expect(stopIndexesOn(stops, "2028-01-01")).toEqual([1, 2]);
    expect(stopIndexesOn(stops, "2028-01-02")).toEqual([2]);
    expect(stopIndexesOn(stops, "2027-12-01")).toEqual([0]);
    expect(stopIndexesOn(stops, "2028-02-01")).toEqual([2]);
  });

  it("puts a transfer day's night at the stop being arrived at", () => {
    expect(stopIndexForNight(stops, "2027-12-28")).toBe(0);
    expect(stopIndexForNight(stops, "2027-12-29")).toBe(0);
    expect(stopIndexForNight(stops, "2027-12-30")).toBe(1);
    expect(stopIndexForNight(stops, "2028-01-01")).toBe(2);
    // The last day has no night of the trip: the last stop; before the trip, the first.
    expect(stopIndexForNight(stops, "2028-01-02")).toBe(2);
    expect(stopIndexForNight(stops, "2027-12-27")).toBe(0);
  });

  it("reads a day or activity saved before stops as the first stop", () => {
    expect(dayStopIndexes({})).toEqual([0]);
    expect(dayStopIndexes({ stops: [0, 1] })).toEqual([0, 1]);
    expect(activityStopIndex({}, { stops: [1, 2] })).toBe(1);
    expect(activityStopIndex({ stopIndex: 2 }, { stops: [1, 2] })).toBe(2);
    expect(activityStopIndex({}, {})).toBe(0);
  });
});

describe("joinStopNames", () => {
  it("joins the cities with an arrow, within the destination's 100 characters", () => {
    expect(joinStopNames(["Paris", "Lyon"])).toBe("Paris → Lyon");
    expect(joinStopNames(["Paris"])).toBe("Paris");
    const long = joinStopNames(Array.from({ length: 8 }, (_, i) => `Saint-Jean-de-Luz ${i}`));
    expect(long).toHaveLength(100);
    expect(long.endsWith("…")).toBe(true);
    expect(long.startsWith("Saint-Jean-de-Luz 0 → Saint-Jean-de-Luz 1")).toBe(true);
  });
});
