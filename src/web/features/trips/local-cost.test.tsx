// @vitest-environment happy-dom
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Day, TripPlace } from "#shared/schemas/itinerary.ts";
import type { Trip } from "#shared/schemas/trip.ts";
import { ActivityCost, DayTotal } from "./components/day-activities.tsx";
import { localCostsOf } from "./local-cost.ts";

afterEach(cleanup);

const place = (name: string, currency?: string): TripPlace => ({
  name,
  country: name,
  lat: 0,
  lng: 0,
  timezone: "UTC",
  ...(currency ? { currency } : {}),
});
const stop = (
  destination: string,
  currency: string | undefined,
  startDate: string,
  endDate: string,
) => ({
  id: crypto.randomUUID(),
  destination,
  startDate,
  endDate,
  place: place(destination, currency),
});
const trip: Pick<Trip, "stops" | "place" | "rates"> = {
  place: place("London", "GBP"),
  stops: [
    stop("Lyon", "EUR", "2027-05-03", "2027-05-05"),
    stop("Geneva", "CHF", "2027-05-05", "2027-05-06"),
    stop("New York", "USD", "2027-05-06", "2027-05-07"),
    stop("Nowhere", undefined, "2027-05-07", "2027-05-08"),
  ],
  rates: { date: "2027-05-03", USD: { EUR: 0.92, CHF: 0.88, GBP: 0.8 } },
};
const day = (stops: number[]): Day => ({ date: "2027-05-05", stops, activities: [] });

describe("costs in the local currency", () => {
  it("reads each activity's stop's currency, a day's first stop without one", () => {
    const local = localCostsOf(trip);
    expect(local({ stopIndex: 1 }, day([0, 1]))).toEqual({ currency: "CHF", rate: 0.88 });
    expect(local({}, day([0, 1]))).toEqual({ currency: "EUR", rate: 0.92 });
    expect(local(null, day([1]))).toEqual({ currency: "CHF", rate: 0.88 });
    // A place without a currency falls back to the destination's.
    expect(local(null, day([3]))).toEqual({ currency: "GBP", rate: 0.8 });
  });

  it("stays in USD where the stop pays in USD, or when there are no rates", () => {
    expect(localCostsOf(trip)(null, day([2]))).toBeNull();
    expect(localCostsOf({ ...trip, rates: null })(null, day([0]))).toBeNull();
    expect(localCostsOf({ ...trip, rates: undefined })(null, day([0]))).toBeNull();
    expect(
      localCostsOf({ ...trip, rates: { date: "2027-05-03", USD: { CHF: 0.88 } } })(null, day([0])),
    ).toBeNull();
  });

  it("writes a cost as “$25 · ≈ €23”, and a free or unknown one as before", () => {
    const eur = { currency: "EUR", rate: 0.92 };
    const { container, rerender } = render(<ActivityCost cost={25} local={eur} />);
    expect(container.textContent).toBe("$25 · ≈ €23");
    rerender(<ActivityCost cost={0} local={eur} />);
    expect(container.textContent).toBe("Free");
    rerender(<ActivityCost cost={null} local={eur} />);
    expect(container.textContent).toBe("—unknown");
    rerender(<ActivityCost cost={25} local={null} />);
    expect(container.textContent).toBe("$25");
    rerender(<ActivityCost cost={40} local={{ currency: "JPY", rate: 150 }} />);
    expect(container.textContent).toBe("$40 · ≈ ¥6,000");
  });

  it("gives the day total in the day's currency too", () => {
    const { container } = render(
      <DayTotal
        day={{
          date: "2027-05-05",
          activities: [
            {
              id: crypto.randomUUID(),
              time: "09:00",
              activity: "Museum",
              location: "Centre",
              description: "",
              cost: 100,
              durationMinutes: 60,
              lat: null,
              lng: null,
              why: null,
              osmId: null,
              openingHours: null,
              website: null,
            },
          ],
        }}
        local={{ currency: "CHF", rate: 0.88 }}
      />,
    );
    expect(container.textContent).toBe("Day total: $100 · ≈ CHF\u00a088");
  });
});
