import { describe, expect, it } from "vitest";
import { tripRequestSchema, type TripRequestInput } from "#shared/schemas/trip-request.ts";
import { createCataloguePlanner } from "./catalogue-planner.ts";

// The keyless planner's last resort, when real places cannot be had: templates from the catalogue,
// no invented venue and no invented pin.
const planner = createCataloguePlanner();
const signal = new AbortController().signal;

const request = (over: Partial<TripRequestInput> = {}) =>
  tripRequestSchema.parse({
    destination: "Lisbon",
    startDate: "2027-05-03",
    endDate: "2027-05-05",
    budget: 1500,
    interests: ["History", "Food & Dining"],
    travelStyle: "comfort",
    ...over,
  });

const costOf = (days: { activities: { cost: number | null }[] }[]) =>
  days.flatMap((d) => d.activities).reduce((sum, a) => sum + (a.cost ?? 0), 0);

describe("the catalogue planner", () => {
  it("plans every date with a morning, an afternoon and an evening, in order, without pins", async () => {
    const { itinerary, usage } = await planner.generate(request(), { signal });
    expect(itinerary.days.map((d) => d.date)).toEqual(["2027-05-03", "2027-05-04", "2027-05-05"]);
    for (const day of itinerary.days) {
      expect(day.activities.map((a) => a.time)).toEqual(["09:00", "14:00", "19:00"]);
      for (const a of day.activities) {
        expect(a.location).toMatch(/, Lisbon$/);
        expect([a.lat, a.lng, a.osmId]).toEqual([null, null, null]);
        expect(a.durationMinutes).toBeLessThanOrEqual(240);
      }
    }
    expect(usage.calls).toBe(0);
  });

  it("says which interest each activity serves, and the style when none was named", async () => {
    const withInterests = await planner.generate(request(), { signal });
    const reasons = new Set(
      withInterests.itinerary.days.flatMap((d) => d.activities.map((a) => a.why)),
    );
    expect(reasons).toEqual(
      new Set(["For your interest in History", "For your interest in Food & Dining"]),
    );
    const without = await planner.generate(request({ interests: [] }), { signal });
    expect(new Set(without.itinerary.days.flatMap((d) => d.activities.map((a) => a.why)))).toEqual(
      new Set(["A comfort start to knowing the city"]),
    );
  });

  it("keeps activities within 60 % of the budget, and costs more for luxury than for budget", async () => {
    const tight = await planner.generate(request({ budget: 50, travelStyle: "luxury" }), {
      signal,
    });
    expect(costOf(tight.itinerary.days)).toBeLessThanOrEqual(30);
    const luxury = await planner.generate(request({ budget: 100_000, travelStyle: "luxury" }), {
      signal,
    });
    const budget = await planner.generate(request({ budget: 100_000, travelStyle: "budget" }), {
      signal,
    });
    expect(costOf(luxury.itinerary.days)).toBeGreaterThan(costOf(budget.itinerary.days));
  });

  it("streams the outline, then each day", async () => {
    const events: { type: string }[] = [];
    await planner.generate(request(), { signal, onEvent: (e) => events.push(e) });
    expect(events.map((e) => e.type)).toEqual(["outline", "day", "day", "day"]);
  });

  it("regenerates a day with activities no day of the trip has yet", async () => {
    const { itinerary } = await planner.generate(request(), { signal });
    const { day } = await planner.regenerateDay(
      { request: request(), itinerary, date: "2027-05-04" },
      { signal },
    );
    const before = new Set(
      itinerary.days.flatMap((d) => d.activities.map((a) => a.activity.toLowerCase())),
    );
    expect(day.date).toBe("2027-05-04");
    expect(day.activities).toHaveLength(3);
    for (const a of day.activities) expect(before.has(a.activity.toLowerCase())).toBe(false);
  });

  it("refuses to start once aborted", async () => {
    const aborted = AbortSignal.abort();
    await expect(planner.generate(request(), { signal: aborted })).rejects.toMatchObject({
      code: "aborted",
    });
  });
});
