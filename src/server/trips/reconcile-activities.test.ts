import { describe, expect, it } from "vitest";
import { activityInputSchema } from "#shared/schemas/trip-edit.ts";
import { activityOf } from "#tests/support/factories.ts";
import { reconcileActivity } from "./reconcile-activities.ts";

/** A planned meal (issue 47) keeps which meal it is and its cuisine through an edit. */
describe("reconcileActivity: a planned meal", () => {
  const dinner = activityOf({
    time: "19:30",
    activity: "Dinner at Da Vinci",
    location: "Da Vinci",
    description: "",
    cost: 45,
    meal: "dinner",
    cuisine: "Italian",
  });

  it("keeps the meal and cuisine the editor sends", () => {
    const input = activityInputSchema.parse({ ...dinner, description: "Booked for 8" });
    expect(reconcileActivity(input, dinner).activity).toMatchObject({
      meal: "dinner",
      cuisine: "Italian",
      description: "Booked for 8",
    });
  });

  it("keeps the stored ones when an older editor leaves them out", () => {
    const { meal: _m, cuisine: _c, ...older } = dinner;
    const input = activityInputSchema.parse({ ...older, time: "20:00" });
    expect(reconcileActivity(input, dinner).activity).toMatchObject({
      meal: "dinner",
      cuisine: "Italian",
      time: "20:00",
    });
  });

  it("a visit stays without them", () => {
    const visit = activityOf({
      time: "10:00",
      activity: "Louvre",
      location: "Musée du Louvre",
      description: "",
      cost: 22,
    });
    const result = reconcileActivity(activityInputSchema.parse(visit), visit).activity;
    expect(result).not.toHaveProperty("meal");
    expect(result).not.toHaveProperty("cuisine");
  });
});
