import { describe, expect, it } from "vitest";
import {
  plannedCategory,
  plannedVsSpentByCategory,
  plannedVsSpentByDay,
} from "./planned-vs-spent.ts";
import { expenseOf, MONEY_TRIP } from "#tests/fixtures/money-trip.ts";

const days = MONEY_TRIP.itinerary.days;

describe("planned vs spent", () => {
  it("sums each day's plan and spending in dollars, exactly, leaving pending expenses out", () => {
    const expenses = [
      expenseOf({ id: "1", date: "2027-05-03", amountUsd: 0.1 }),
      expenseOf({ id: "2", date: "2027-05-03", amountUsd: 0.2 }),
      expenseOf({ id: "3", date: "2027-05-04", amountUsd: null, rate: null, rateDate: null }),
      expenseOf({ id: "4", date: "2027-05-09", amountUsd: 12 }),
    ];
    const rows = plannedVsSpentByDay(days, expenses, (d) => d);
    expect(rows.map((r) => [r.key, r.planned, r.spent])).toEqual([
      ["2027-05-03", 50, 0.3],
      ["2027-05-04", 50, 0],
      ["2027-05-05", 50, 0],
      ["2027-05-06", 50, 0],
      ["2027-05-09", 0, 12],
    ]);
  });

  it("sorts the plan into categories by its words and spending by the expense's category", () => {
    const rows = plannedVsSpentByCategory(
      days,
      [expenseOf({ category: "shopping", amountUsd: 40 })],
      (c) => c,
    );
    const byKey = Object.fromEntries(rows.map((r) => [r.key, [r.planned, r.spent]]));
    expect(byKey).toEqual({
      food: [120, 0],
      lodging: [0, 0],
      transport: [0, 0],
      activities: [80, 0],
      shopping: [0, 40],
      other: [0, 0],
    });
  });

  it("guesses a category from an activity's words", () => {
    expect(plannedCategory({ activity: "Train to Lyon", location: "Gare de Lyon" })).toBe(
      "transport",
    );
    expect(plannedCategory({ activity: "Check-in", location: "Hotel Lutetia" })).toBe("lodging");
    expect(plannedCategory({ activity: "Louvre", location: "Rue de Rivoli" })).toBe("activities");
  });
});
