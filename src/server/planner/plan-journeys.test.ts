import { describe, expect, it } from "vitest";
import type { JourneyOffer } from "../sources/trip-sources.ts";
import { pickFamilyJourneys } from "./plan-journeys.ts";

const offer = (
  mode: JourneyOffer["mode"],
  from: string,
  to: string,
  usd: number,
): JourneyOffer => ({
  id: `${mode}:${from}:${to}`,
  mode,
  carrier: null,
  number: null,
  from,
  to,
  departAt: null,
  arriveAt: null,
  minutes: 60,
  meters: null,
  price: mode === "flight" ? { perPerson: usd } : { perVehicle: usd, seats: 5 },
  estimated: false,
});

describe("pickFamilyJourneys (issue 48)", () => {
  it("never mixes the party's own car with a flight or a taxi", () => {
    const legs = [
      [offer("flight", "A", "B", 100), offer("self-driving", "A", "B", 300)],
      [offer("self-driving", "B", "C", 10), offer("taxi", "B", "C", 40)],
      [offer("flight", "C", "A", 100), offer("self-driving", "C", "A", 300)],
    ];
    const picks = pickFamilyJourneys(legs, [], 1, true);
    expect(picks.map((p) => p?.mode)).toEqual(["flight", "taxi", "flight"]);
  });

  it("drives every leg when only the car covers them all", () => {
    const legs = [
      [offer("flight", "A", "B", 50), offer("self-driving", "A", "B", 300)],
      [offer("self-driving", "B", "A", 300)],
    ];
    expect(pickFamilyJourneys(legs, [], 1, true).map((p) => p?.mode)).toEqual([
      "self-driving",
      "self-driving",
    ]);
  });

  it("respects avoid, leaving a leg without a journey rather than breaking it", () => {
    const legs = [[offer("flight", "A", "B", 50)], [offer("self-driving", "B", "A", 30)]];
    const picks = pickFamilyJourneys(legs, ["flights"], 1, true);
    expect(picks.filter(Boolean).every((p) => p!.mode !== "flight")).toBe(true);
  });
});
