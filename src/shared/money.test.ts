import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  computeBalances,
  currencyDecimals,
  currencyOfCountry,
  formatMoney,
  fromMinor,
  settle,
  splitParts,
  toMinor,
  toUsdCents,
  type BalanceExpense,
  type Split,
} from "./money.ts";
import { expenseInputSchema } from "./schemas/expenses.ts";

describe("currency decimals", () => {
  it("each currency's own (ISO 4217)", () => {
    expect(currencyDecimals("USD")).toBe(2);
    expect(currencyDecimals("EUR")).toBe(2);
    expect(currencyDecimals("JPY")).toBe(0);
    expect(currencyDecimals("KRW")).toBe(0);
    expect(currencyDecimals("BHD")).toBe(3);
    expect(currencyDecimals("XAU")).toBeNull();
    expect(currencyDecimals("EURO")).toBeNull();
    expect(currencyDecimals("ABC")).toBeNull();
  });

  it("reads amounts exactly in minor units, refusing extra decimals", () => {
    expect(toMinor(84.5, "EUR")).toBe(8450);
    // A float sum is not an amount anyone typed: refused, never silently rounded.
    expect(toMinor(0.1 + 0.2, "USD")).toBeNull();
    expect(toMinor(19.99, "USD")).toBe(1999);
    expect(toMinor(1.005, "USD")).toBeNull();
    expect(toMinor(1200, "JPY")).toBe(1200);
    expect(toMinor(12.5, "JPY")).toBeNull();
    expect(toMinor(1.234, "BHD")).toBe(1234);
    expect(toMinor(1e-7, "USD")).toBeNull();
    expect(toMinor(Number.NaN, "USD")).toBeNull();
  });

  it("minor units round-trip through the wire's decimals", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.constantFrom("USD", "EUR", "JPY", "BHD", "KRW", "GBP"),
        (minor, currency) => toMinor(fromMinor(minor, currency), currency) === minor,
      ),
    );
  });

  it("formats with the symbol and the currency's decimals", () => {
    expect(formatMoney(8400, "EUR")).toBe("€84.00");
    expect(formatMoney(120000, "JPY")).toBe("¥120,000");
    expect(formatMoney(2500, "USD")).toBe("$25.00");
  });

  it("a country's currency from its name or code", () => {
    expect(currencyOfCountry("France")).toBe("EUR");
    expect(currencyOfCountry("Japan")).toBe("JPY");
    expect(currencyOfCountry("Switzerland")).toBe("CHF");
    expect(currencyOfCountry("United Kingdom")).toBe("GBP");
    expect(currencyOfCountry("US")).toBe("USD");
    expect(currencyOfCountry("Atlantis")).toBeNull();
    expect(currencyOfCountry("")).toBeNull();
  });

  it("the schema refuses an amount with more decimals than its currency", () => {
    const base = {
      amount: 12.5,
      currency: "JPY",
      date: "2026-11-20",
      category: "food",
      description: "Sushi",
      paidBy: "a",
      split: { kind: "equal", among: ["a"] },
    };
    const result = expenseInputSchema.safeParse(base);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["amount"]);
    expect(expenseInputSchema.safeParse({ ...base, amount: 1250 }).success).toBe(true);
  });
});

const ids = ["ana", "ben", "cai", "dee", "eli", "fay", "gus"];
const splitArb: fc.Arbitrary<Split> = fc.subarray(ids, { minLength: 1 }).chain((among) =>
  fc.oneof(
    fc.constant<Split>({ kind: "equal", among }),
    fc
      .array(fc.integer({ min: 1, max: 9 }), { minLength: among.length, maxLength: among.length })
      .map<Split>((w) => ({
        kind: "shares",
        among,
        shares: Object.fromEntries(among.map((id, i) => [id, w[i] ?? 1])),
      })),
    fc
      .array(fc.integer({ min: 0, max: 50_000 }), {
        minLength: among.length,
        maxLength: among.length,
      })
      .filter((cents) => cents.some((c) => c > 0))
      .map<Split>((cents) => ({
        kind: "exact",
        among,
        amounts: Object.fromEntries(among.map((id, i) => [id, (cents[i] ?? 0) / 100])),
      })),
  ),
);
const expenseArb: fc.Arbitrary<BalanceExpense> = fc.record({
  paidBy: fc.constantFrom(...ids),
  amountUsdCents: fc.integer({ min: 1, max: 10_000_000 }),
  currency: fc.constant("EUR"),
  split: splitArb,
});

describe("splitting and settling", () => {
  it("the parts of a split add up to the whole", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000_000 }), splitArb, (total, split) => {
        const parts = [...splitParts(total, split, "EUR").values()];
        return parts.reduce((a, b) => a + b, 0) === total && parts.every((p) => p >= 0);
      }),
    );
  });

  it("largest remainder: no part is off by more than one unit from its exact share", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          const sum = weights.reduce((a, b) => a + b, 0);
          return allocate(total, weights).every(
            (part, i) => Math.abs(part - (total * (weights[i] ?? 0)) / sum) < 1,
          );
        },
      ),
    );
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
  });

  it("an exact split in the expense's own currency keeps its amounts", () => {
    const split: Split = {
      kind: "exact",
      among: ["ben", "ana"],
      amounts: { ana: 50.01, ben: 33.99 },
    };
    expect(Object.fromEntries(splitParts(8400, split, "EUR"))).toEqual({ ana: 5001, ben: 3399 });
  });

  it("the nets add up to exactly 0", () => {
    fc.assert(
      fc.property(fc.array(expenseArb, { maxLength: 30 }), (expenses) => {
        const rows = computeBalances(ids, expenses);
        return rows.reduce((a, r) => a + r.net, 0) === 0;
      }),
    );
  });

  it("any order of the expenses gives the same balances and transfers", () => {
    fc.assert(
      fc.property(
        fc
          .array(expenseArb, { maxLength: 20 })
          .chain((expenses) =>
            fc.tuple(
              fc.constant(expenses),
              fc.shuffledSubarray(expenses, { minLength: expenses.length }),
            ),
          ),
        ([expenses, shuffled]) => {
          const a = computeBalances(ids, expenses);
          const b = computeBalances(ids, shuffled);
          expect(b).toEqual(a);
          expect(settle(b)).toEqual(settle(a));
        },
      ),
    );
  });

  it("transfers bring every net to 0, at most people − 1 of them, never more than the greedy pairing", () => {
    fc.assert(
      fc.property(fc.array(expenseArb, { maxLength: 30 }), (expenses) => {
        const rows = computeBalances(ids, expenses);
        const transfers = settle(rows);
        const left = new Map(rows.map((r) => [r.userId, r.net]));
        for (const t of transfers) {
          expect(t.amount).toBeGreaterThan(0);
          expect(Number.isInteger(t.amount)).toBe(true);
          left.set(t.from, (left.get(t.from) ?? 0) + t.amount);
          left.set(t.to, (left.get(t.to) ?? 0) - t.amount);
        }
        expect([...left.values()].every((n) => n === 0)).toBe(true);
        const open = rows.filter((r) => r.net !== 0).length;
        expect(transfers.length).toBeLessThanOrEqual(Math.max(0, open - 1));
      }),
    );
  });

  it("finds the fewest when groups settle among themselves", () => {
    const nets = [
      { userId: "ana", net: 500 },
      { userId: "ben", net: -500 },
      { userId: "cai", net: 300 },
      { userId: "dee", net: -200 },
      { userId: "eli", net: -100 },
    ];
    // Greedy largest-first would need 4; ana↔ben settle apart: 3.
    expect(settle(nets)).toHaveLength(3);
  });

  it("converts at the USD rate, rounding to the cent", () => {
    expect(toUsdCents(8400, "EUR", 0.9)).toBe(9333);
    expect(toUsdCents(1200, "JPY", 150)).toBe(800);
    expect(toUsdCents(1999, "USD", 1)).toBe(1999);
  });
});
