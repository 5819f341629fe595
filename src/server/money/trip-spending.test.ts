import { describe, expect, it } from "vitest";
import type { Transport } from "#shared/schemas/trip-stops.ts";
import { stayOf } from "#tests/support/factories.ts";
import { spendingOf, type PriceConverter } from "./trip-spending.ts";

// The rules of `spending` on their own, with a fixed converter (1 USD = 0.9 EUR; anything else
// cannot be converted). The API tests (routes/trips/trip-spending.test.ts) read it through HTTP.

const convert: PriceConverter = (price) =>
  price.currency === "USD"
    ? { cents: Math.round(price.amount * 100), exact: true }
    : price.currency === "EUR"
      ? { cents: Math.round((price.amount / 0.9) * 100), exact: true }
      : null;

const itinerary = { days: [{ date: "2027-05-01", activities: [] }] };

const journey = (departAt: string, arriveAt: string, extra: Partial<Transport>): Transport => ({
  id: crypto.randomUUID(),
  mode: "flight",
  from: "A",
  to: "B",
  departAt,
  arriveAt,
  departZone: "UTC",
  arriveZone: "UTC",
  carrier: null,
  number: null,
  reference: null,
  notes: null,
  ...extra,
});

const party = { travellers: 1 };

describe("spendingOf", () => {
  it("counts a planned stay only for the nights no priced booking covers", () => {
    const spending = spendingOf(
      {
        itinerary,
        transport: [],
        party,
        stays: [
          stayOf("2027-05-01", "2027-05-05", {
            planned: true,
            estimated: true,
            pricePerNight: 100,
          }),
          stayOf("2027-05-03", "2027-05-05", { totalPrice: { amount: 180, currency: "EUR" } }),
        ],
      },
      convert,
    );
    // 2 of the planned 4 nights (200) and the booking's €180 (200).
    expect(spending).toMatchObject({ stays: 400, estimatedParts: ["stays"] });
  });

  it("drops a planned journey when a priced booking leaves within its dates, connections too", () => {
    const planned = journey("2027-05-01T18:00", "2027-05-02T08:00", {
      planned: true,
      estimated: true,
      totalPrice: { amount: 1000, currency: "USD" },
    });
    const legs = [
      journey("2027-05-01T18:30", "2027-05-02T06:00", {
        totalPrice: { amount: 300, currency: "USD" },
      }),
      journey("2027-05-02T07:00", "2027-05-02T08:30", {
        totalPrice: { amount: 90, currency: "EUR" },
      }),
    ];
    const spending = spendingOf(
      { itinerary, stays: [], party, transport: [planned, ...legs] },
      convert,
    );
    expect(spending).toMatchObject({ journeys: 400, estimated: false, estimatedParts: [] });
  });

  it("a price that cannot be converted replaces nothing and marks its part", () => {
    const spending = spendingOf(
      {
        itinerary,
        transport: [],
        party,
        stays: [
          stayOf("2027-05-01", "2027-05-03", { planned: true, pricePerNight: 100 }),
          stayOf("2027-05-01", "2027-05-03", { totalPrice: { amount: 30_000, currency: "JPY" } }),
        ],
      },
      convert,
    );
    expect(spending).toMatchObject({ stays: 200, estimated: true, estimatedParts: ["stays"] });
  });
});
