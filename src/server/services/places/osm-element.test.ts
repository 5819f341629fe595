import { describe, expect, it } from "vitest";
import { activitySchema } from "#shared/schemas/itinerary.ts";
import { toPlace } from "./osm-element.ts";

describe("toPlace", () => {
  it("keeps opening hours only when an activity could store them", () => {
    const hoursOf = (opening_hours: string) =>
      toPlace({
        type: "node",
        id: 1,
        lat: 48.85,
        lon: 2.35,
        tags: { name: "Louvre", opening_hours },
      }).openingHours;
    expect(hoursOf("Mo-Su 09:00-18:00")).toBe("Mo-Su 09:00-18:00");
    expect(hoursOf("Mo-Su 09:00-18:00\u001b[2J")).toBeNull();
    expect(hoursOf("x".repeat(256))).toBeNull();
    expect(activitySchema.shape.openingHours.safeParse("Mo-Su 09:00-18:00\u001b[2J").success).toBe(
      false,
    );
  });
});
