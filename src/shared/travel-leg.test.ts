import { describe, expect, it } from "vitest";
import type { Travel } from "./schemas/travel.ts";
import { dayTravelMinutes, legText } from "./travel-leg.ts";

const leg = (overrides: Partial<Travel>): Travel => ({
  mode: "walk",
  minutes: 12,
  meters: 904,
  source: "router",
  summary: null,
  departAt: null,
  ...overrides,
});

describe("legText", () => {
  it("reads each mode as the issue shows it", () => {
    expect(legText(leg({}))).toBe("Walk · 12 min · 900 m");
    expect(
      legText(
        leg({
          mode: "transit",
          minutes: 25,
          meters: null,
          source: "transit",
          summary: "Métro 1 → Métro 4",
          departAt: "14:05",
        }),
      ),
    ).toBe("Métro 1 → Métro 4 · 25 min · leaves 14:05");
    expect(legText(leg({ mode: "drive", minutes: 18, meters: 5200, summary: "Taxi" }))).toBe(
      "Taxi · 18 min",
    );
    expect(legText(leg({ mode: "bike", minutes: 75, meters: 14_300 }))).toBe(
      "Bike · 1 h 15 min · 14 km",
    );
  });

  it("says an estimate is one", () => {
    expect(legText(leg({ mode: "transit", source: "estimate", meters: 4100 }))).toBe(
      "Transit · 12 min · estimated",
    );
  });

  it("adds a day's legs", () => {
    expect(
      dayTravelMinutes({ activities: [{}, { travel: leg({}) }, { travel: leg({ minutes: 30 }) }] }),
    ).toBe(42);
  });
});
