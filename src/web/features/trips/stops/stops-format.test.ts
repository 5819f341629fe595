import { describe, expect, it } from "vitest";
import { formatArrival, zoneCity } from "./stops-format.ts";

describe("zoneCity", () => {
  it("names a zone by its city", () => {
    expect(zoneCity("Europe/Paris")).toBe("Paris");
    expect(zoneCity("America/New_York")).toBe("New York");
  });

  it("reads a fixed offset the way clocks say it, not the Etc names' reversed sign", () => {
    expect(zoneCity("Etc/GMT-1")).toBe("UTC+1");
    expect(zoneCity("Etc/GMT+5")).toBe("UTC-5");
    expect(zoneCity("UTC")).toBe("UTC");
    expect(zoneCity("Etc/UTC")).toBe("UTC");
    expect(formatArrival({ arriveAt: "2026-12-28T11:55", arriveZone: "Etc/GMT-1" })).toBe(
      "Arrives Mon, Dec 28 at 11:55 (UTC+1 time)",
    );
  });
});
