import { describe, expect, it } from "vitest";
import type { Activity } from "./schemas/itinerary.ts";
import { UNPLACED } from "./place-fields.ts";
import { refitDays, shiftDate, tripDates } from "./trip-dates.ts";

const activity = (name: string): Activity => ({
  id: crypto.randomUUID(),
  time: "09:00",
  activity: name,
  location: "Somewhere",
  description: "",
  cost: null,
  durationMinutes: 60,
  ...UNPLACED,
});

describe("shiftDate", () => {
  it("moves a date across month and year ends, both ways", () => {
    expect(shiftDate("2026-12-30", 3)).toBe("2027-01-02");
    expect(shiftDate("2026-03-01", -1)).toBe("2026-02-28");
    expect(shiftDate("2026-05-10", 0)).toBe("2026-05-10");
  });
});

describe("refitDays", () => {
  const days = [
    { date: "2026-05-01", activities: [activity("First")] },
    { date: "2026-05-02", activities: [activity("Second")] },
    { date: "2026-05-03", activities: [activity("Third")] },
  ];

  it("keeps the order on new dates, and drops the last days of a shorter trip", () => {
    const refit = refitDays({ days }, tripDates("2026-06-10", "2026-06-11"));
    expect(refit.days.map((d) => d.date)).toEqual(["2026-06-10", "2026-06-11"]);
    expect(refit.days.map((d) => d.activities.map((a) => a.activity))).toEqual([
      ["First"],
      ["Second"],
    ]);
  });

  it("adds empty days at the end of a longer trip", () => {
    const refit = refitDays({ days }, tripDates("2026-05-01", "2026-05-04"));
    expect(refit.days.map((d) => d.activities.length)).toEqual([1, 1, 1, 0]);
    expect(refit.days[3]?.date).toBe("2026-05-04");
  });
});
