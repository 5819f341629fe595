import { describe, expect, it } from "vitest";
import { ALICE, BOB, CAROL, expenseOf } from "#tests/fixtures/money-trip.ts";
import { changedFields, collides, formValuesOf, mergeExpenseValues } from "./expense-merge.ts";

describe("expense merge", () => {
  const base = expenseOf({ amount: 40, description: "Dinner" });

  it("a split ticked in another order is no change", () => {
    const values = formValuesOf(base);
    const reordered = {
      ...values,
      split: { ...values.split, among: [CAROL.userId, ALICE.userId, BOB.userId] },
    };
    expect(changedFields(values, reordered)).toEqual([]);
  });

  it("takes the fields only they changed, keeps mine, and names the ones both changed", () => {
    const was = formValuesOf(base);
    const mine = { ...was, amount: "13", category: "other" };
    const theirs = formValuesOf({ ...base, description: "Dinner at Le Procope", amount: 15 });
    const merge = mergeExpenseValues(was, mine, theirs);
    expect(merge.values).toMatchObject({
      amount: "13",
      category: "other",
      description: "Dinner at Le Procope",
    });
    expect(merge.taken).toEqual(["description"]);
    expect(merge.clashes).toEqual(["amount"]);
  });

  it("a save collides with the latest version only on a field it changes", () => {
    const latest = { ...base, description: "Dinner at Le Procope", version: 2 };
    expect(collides(base, latest, ["amount"])).toBe(false);
    expect(collides(base, latest, ["description"])).toBe(true);
  });
});
