import { describe, expect, it } from "vitest";
import {
  RIDING_SPEED_KMH,
  WALKING_MAX_KM,
  WALKING_SPEED_KMH,
  distanceKm,
  travelMinutes,
} from "./geo.ts";

// Along the equator one degree of longitude is 2πR/360 km, so distances can be placed exactly.
const KM_PER_DEGREE = (2 * Math.PI * 6371) / 360;
const eastOf = (km: number) => ({ lat: 0, lng: km / KM_PER_DEGREE });
const ORIGIN = { lat: 0, lng: 0 };

describe("distanceKm", () => {
  it("is zero for one point, symmetric, and matches known distances", () => {
    expect(distanceKm(ORIGIN, ORIGIN)).toBe(0);
    const paris = { lat: 48.8566, lng: 2.3522 };
    const london = { lat: 51.5074, lng: -0.1278 };
    // Paris–London is about 344 km in a straight line.
    expect(distanceKm(paris, london)).toBeCloseTo(343.6, 0);
    expect(distanceKm(london, paris)).toBeCloseTo(distanceKm(paris, london), 9);
    expect(distanceKm(ORIGIN, eastOf(14))).toBeCloseTo(14, 9);
  });

  it("stays finite for antipodal points", () => {
    expect(distanceKm({ lat: 0, lng: 0 }, { lat: 0, lng: 180 })).toBeCloseTo(Math.PI * 6371, 6);
  });
});

describe("travelMinutes", () => {
  it("walks up to the 2 km boundary and rides beyond it", () => {
    expect(WALKING_MAX_KM).toBe(2);
    expect(WALKING_SPEED_KMH).toBe(4.5);
    expect(RIDING_SPEED_KMH).toBe(25);
    expect(travelMinutes(0)).toBe(0);
    expect(travelMinutes(4.5 / 2)).toBeCloseTo(2.25 * (60 / 25), 9); // 2.25 km rides
    expect(travelMinutes(2)).toBeCloseTo((2 / 4.5) * 60, 9); // 26.67 min on foot, at the boundary
    expect(travelMinutes(2.001)).toBeCloseTo((2.001 / 25) * 60, 9); // just over: riding, 4.8 min
    expect(travelMinutes(1.999)).toBeCloseTo((1.999 / 4.5) * 60, 9);
    expect(travelMinutes(25)).toBe(60);
  });
});
