import { describe, expect, it } from "vitest";
import {
  AIRPORT_HOURS,
  FLIGHT_SPEED_KMH,
  formatAllowance,
  routedAllowance,
  GROUND_MAX_KM,
  GROUND_SPEED_KMH,
  transferAllowance,
  transferMinutes,
} from "./transfer-allowance.ts";

const PARIS = { name: "Paris", lat: 48.8566, lng: 2.3522 };
const LYON = { name: "Lyon", lat: 45.764, lng: 4.8357 };
const LISBON = { name: "Lisbon", lat: 38.7223, lng: -9.1393 };

describe("transferAllowance", () => {
  it("says how long Paris to Lyon takes on the ground", () => {
    const journey = transferAllowance(PARIS, LYON);
    expect(journey.mode).toBe("ground");
    expect(journey.text).toBe("Allow about 5 h to get from Paris to Lyon");
    expect(journey.minutes).toBeCloseTo((journey.km / GROUND_SPEED_KMH) * 60, 6);
    expect(journey.hours).toBeCloseTo(journey.km / GROUND_SPEED_KMH, 6);
  });

  it("flies beyond 700 km, with the airport's hours added", () => {
    const journey = transferAllowance(PARIS, LISBON);
    expect(journey.mode).toBe("flight");
    expect(journey.minutes).toBeCloseTo((journey.km / FLIGHT_SPEED_KMH + AIRPORT_HOURS) * 60, 6);
    expect(journey.text).toBe("Allow about 5 h to get from Paris to Lisbon");
  });

  it("goes on the ground at exactly 700 km and flies just beyond", () => {
    expect(transferMinutes(GROUND_MAX_KM)).toEqual({
      mode: "ground",
      minutes: (GROUND_MAX_KM / GROUND_SPEED_KMH) * 60,
    });
    expect(transferMinutes(GROUND_MAX_KM + 0.1).mode).toBe("flight");
    // Flying 701 km is quicker than 700 km by road, airport included.
    expect(transferMinutes(GROUND_MAX_KM + 1).minutes).toBeLessThan(
      transferMinutes(GROUND_MAX_KM).minutes,
    );
  });
});

describe("formatAllowance", () => {
  it.each([
    [5, "15 min"],
    [30, "30 min"],
    [44, "45 min"],
    [45, "1 h"],
    [74, "1 h"],
    [75, "1.5 h"],
    [284, "4.5 h"],
    [294, "5 h"],
  ])("%d minutes read as %s", (minutes, text) => {
    expect(formatAllowance(minutes)).toBe(text);
  });
});

describe("routedAllowance (issue 46)", () => {
  const paris = { name: "Paris", lat: 48.8566, lng: 2.3522 };
  const lyon = { name: "Lyon", lat: 45.764, lng: 4.8357 };
  const train = {
    mode: "train" as const,
    minutes: 131,
    departAt: "2027-03-11T09:50",
    arriveAt: "2027-03-11T12:01",
    line: "TGV INOUI 6613",
    board: "Paris Gare de Lyon",
    boardAt: "10:04",
    alight: "Lyon Part-Dieu",
    alightAt: "12:00",
    source: "transit" as const,
  };

  it("names the train, its stations and times, door to door to five minutes", () => {
    expect(routedAllowance(train, paris, lyon).text).toBe(
      "Allow about 2 h 10 min by train (TGV INOUI 6613, Paris Gare de Lyon 10:04 → Lyon Part-Dieu 12:00)",
    );
    expect(routedAllowance(train, paris, lyon).minutes).toBe(131);
  });

  it("says a road journey by road, between the two cities", () => {
    const road = {
      ...train,
      mode: "road" as const,
      minutes: 278,
      line: null,
      board: null,
      boardAt: null,
      alight: null,
      alightAt: null,
      source: "router" as const,
    };
    expect(routedAllowance(road, paris, lyon).text).toBe(
      "Allow about 4 h 40 min by road to get from Paris to Lyon",
    );
  });
});
