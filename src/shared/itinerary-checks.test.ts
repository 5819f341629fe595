import { describe, expect, it } from "vitest";
import { checkDayTimes } from "./itinerary-checks.ts";

const at = (id: string, time: string) => ({ id, time, activity: `Activity ${id}` });

describe("checkDayTimes", () => {
  it("accepts times that move forward, and an empty or one-activity day", () => {
    expect(checkDayTimes([at("a", "09:00"), at("b", "09:01"), at("c", "23:59")])).toEqual([]);
    expect(checkDayTimes([])).toEqual([]);
    expect(checkDayTimes([at("a", "12:00")])).toEqual([]);
  });

  it("flags a time that runs backwards on the later activity, keeping the order", () => {
    const day = [at("a", "14:00"), at("b", "09:00"), at("c", "18:00")];
    const issues = checkDayTimes(day);
    expect(issues).toEqual([
      {
        kind: "backwards",
        activityId: "b",
        previousId: "a",
        message: 'Starts at 09:00, before "Activity a" (14:00) listed above it',
      },
    ]);
    expect(day.map((a) => a.id)).toEqual(["a", "b", "c"]);
  });

  it("flags two activities at the same time as an overlap", () => {
    expect(checkDayTimes([at("a", "10:00"), at("b", "10:00")])).toEqual([
      {
        kind: "overlap",
        activityId: "b",
        previousId: "a",
        message: 'Starts at the same time as "Activity a" (10:00)',
      },
    ]);
  });

  it("reports every issue of a day", () => {
    const kinds = checkDayTimes([
      at("a", "10:00"),
      at("b", "10:00"),
      at("c", "08:00"),
      at("d", "09:00"),
    ]).map((i) => `${i.kind}:${i.activityId}`);
    expect(kinds).toEqual(["overlap:b", "backwards:c"]);
  });
});
