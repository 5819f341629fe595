import { describe, expect, it } from "vitest";
import { formatDate, formatDateRange, formatUsd, formatWeekday } from "./format.ts";
import { formatWholeCurrency } from "./trip/format-currency.ts";

// The formats as Intl writes them: the hand-written ones must give the very same text.
const intlUsd = new Intl.NumberFormat("en-US", {
  style: "currency",
  currency: "USD",
  maximumFractionDigits: 2,
  minimumFractionDigits: 0,
});
const intlDate = new Intl.DateTimeFormat("en-US", {
  month: "short",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const intlWeekday = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  timeZone: "UTC",
});

describe("trip formats", () => {
  it("write dollars as Intl does, cents only when there are any", () => {
    const amounts = [
      0,
      1,
      5,
      9.99,
      12.5,
      12.05,
      12.005,
      999,
      1000,
      1234.5,
      99999.99,
      100000,
      1_000_000,
      1e9 + 0.1,
      0.004,
      0.005,
      0.994,
      0.995,
      1.005,
      2.675,
      -5,
      -0.001,
      -1234.56,
    ];
    // And a spread of budgets and costs as the app stores them (up to cents).
    for (let i = 0; i < 2000; i++) amounts.push(Math.round(Math.random() * 2_000_000) / 100);
    for (const amount of amounts)
      expect(formatUsd(amount), String(amount)).toBe(intlUsd.format(amount));
  });

  it("write calendar dates and weekdays as Intl does, in every month and on both sides of a year", () => {
    const start = Date.UTC(2023, 11, 25);
    for (let day = 0; day < 800; day += 3) {
      const iso = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
      const utc = new Date(`${iso}T00:00:00Z`);
      expect(formatDate(iso)).toBe(intlDate.format(utc));
      expect(formatWeekday(iso)).toBe(intlWeekday.format(utc));
    }
    expect(formatDate("1900-01-01")).toBe("Jan 1, 1900");
    expect(formatDateRange("2026-05-01", "2026-05-03")).toBe("May 1, 2026 – May 3, 2026");
    expect(formatDateRange("2026-05-01", "2026-05-01")).toBe("May 1, 2026");
  });
});

describe("whole local amounts", () => {
  it("write each currency as Intl does in en-US, in whole units", () => {
    const currencies = [
      "EUR",
      "GBP",
      "JPY",
      "CHF",
      "CAD",
      "AUD",
      "CNY",
      "INR",
      "KRW",
      "MXN",
      "THB",
      "CZK",
      "XOF",
      "BRL",
      "USD",
    ];
    for (const currency of currencies) {
      const intl = new Intl.NumberFormat("en-US", {
        style: "currency",
        currency,
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      });
      for (const amount of [0.4, 23, 22.5, 1234.4, 98765]) {
        expect(formatWholeCurrency(amount, currency), `${amount} ${currency}`).toBe(
          intl.format(amount),
        );
      }
    }
  });
});
