import { describe, expect, it } from "vitest";
import { MAX_DURATION_MINUTES, MIN_DURATION_MINUTES } from "#shared/constants.ts";
import type { Activity } from "#shared/schemas/itinerary.ts";
import {
  DEFAULT_DURATION_MINUTES,
  estimateDurationMinutes,
  withDuration,
  withDurations,
} from "./activity-duration.ts";

describe("estimateDurationMinutes", () => {
  it("reads the matched place's OpenStreetMap kind and tags first", () => {
    expect(estimateDurationMinutes({ activity: "Visit Louvre", kind: "museum" })).toBe(120);
    expect(estimateDurationMinutes({ activity: "Go", kind: "viewpoint" })).toBe(30);
    expect(estimateDurationMinutes({ activity: "Go", tags: { amenity: "fast_food" } })).toBe(30);
    // The kind wins over words that say otherwise ("Lunch at" a museum café is still the café).
    expect(estimateDurationMinutes({ activity: "Lunch at Le Musée", kind: "cafe" })).toBe(45);
  });

  it("falls back on the activity's words, then its description and place", () => {
    expect(estimateDurationMinutes({ activity: "Lunch at the market" })).toBe(75);
    expect(estimateDurationMinutes({ activity: "Dinner by the river" })).toBe(90);
    expect(estimateDurationMinutes({ activity: "Art museum visit" })).toBe(120);
    expect(estimateDurationMinutes({ activity: "Sunset viewpoint" })).toBe(30);
    expect(estimateDurationMinutes({ activity: "Old town stroll" })).toBe(45);
    expect(estimateDurationMinutes({ activity: "Day trip" })).toBe(360);
    expect(estimateDurationMinutes({ activity: "Something", description: "A cooking class" })).toBe(
      120,
    );
    expect(estimateDurationMinutes({ activity: "Something", location: "Musée d'Orsay" })).toBe(120);
  });

  it("matches whole words only and has a default", () => {
    // "barn" is not a bar, "teapot" not tea.
    expect(estimateDurationMinutes({ activity: "Barn visit" })).toBe(DEFAULT_DURATION_MINUTES);
    expect(estimateDurationMinutes({ activity: "Teapot shop" })).toBe(DEFAULT_DURATION_MINUTES);
    expect(estimateDurationMinutes({ activity: "Free time" })).toBe(DEFAULT_DURATION_MINUTES);
  });

  it("always answers within the allowed range", () => {
    for (const activity of ["Lunch", "Day trip", "x", "Theme park", "Artwork"]) {
      const minutes = estimateDurationMinutes({ activity, kind: activity.toLowerCase() });
      expect(minutes).toBeGreaterThanOrEqual(MIN_DURATION_MINUTES);
      expect(minutes).toBeLessThanOrEqual(MAX_DURATION_MINUTES);
      expect(Number.isInteger(minutes)).toBe(true);
    }
  });
});

describe("withDurations", () => {
  // As a trip stored before lengths existed may hold it: the type says a length, the row may not.
  const stored = (extra: Record<string, unknown>) =>
    ({ activity: "Lunch", description: "", location: "Market", ...extra }) as unknown as Activity;

  it("keeps a valid length and estimates a missing or unusable one", () => {
    expect(withDuration(stored({ durationMinutes: 30 })).durationMinutes).toBe(30);
    expect(withDuration(stored({})).durationMinutes).toBe(75);
    expect(withDuration(stored({ durationMinutes: 2 })).durationMinutes).toBe(75);
    expect(withDuration(stored({ durationMinutes: 10.5 })).durationMinutes).toBe(75);
  });

  it("gives back the same itinerary when nothing is missing, a filled copy otherwise", () => {
    const complete = {
      days: [{ date: "2030-05-12", activities: [stored({ durationMinutes: 20 })] }],
    };
    expect(withDurations(complete)).toBe(complete);
    const old = { days: [{ date: "2030-05-12", activities: [stored({})] }] };
    const read = withDurations(old);
    expect(read.days[0]!.activities[0]!.durationMinutes).toBe(75);
    expect("durationMinutes" in old.days[0]!.activities[0]!).toBe(false);
  });
});
