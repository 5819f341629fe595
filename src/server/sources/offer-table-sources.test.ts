import { describe, expect, it } from "vitest";
import { createOfferTableSources, type OfferTables } from "./offer-table-sources.ts";

const city = (name: string) => ({ name, place: null });

const tables: OfferTables = {
  stays: [
    {
      city: "Rockford",
      id: "table:1",
      name: "Quiet loft",
      kind: "entire-home",
      address: null,
      lat: null,
      lng: null,
      osmId: null,
      pricePerNight: 120,
      capacity: 4,
      minimumNights: 2,
      refuses: ["pets"],
      accepts: ["smoking"],
      estimated: false,
      stars: null,
    },
  ],
  meals: [
    {
      city: "Rockford",
      id: "table:m1",
      name: "Noodle bar",
      address: null,
      lat: null,
      lng: null,
      osmId: null,
      openingHours: null,
      cuisines: ["Chinese"],
      meals: ["lunch", "dinner"],
      costPerPerson: 18,
      estimated: false,
    },
  ],
  attractions: [
    {
      city: "Rockford",
      id: "table:a1",
      name: "Anderson Gardens",
      address: null,
      lat: 42.3,
      lng: -89.1,
      openingHours: null,
      costPerPerson: 0,
    },
  ],
  journeys: [
    {
      date: "2022-03-16",
      id: "table:f1",
      mode: "flight",
      carrier: null,
      number: "F1",
      from: "St. Petersburg",
      to: "Rockford",
      departAt: "2022-03-16T15:40",
      arriveAt: "2022-03-16T17:04",
      minutes: 144,
      meters: null,
      price: { perPerson: 474 },
      estimated: false,
    },
    {
      date: null,
      id: "table:r1",
      mode: "taxi",
      carrier: null,
      number: null,
      from: "St. Petersburg",
      to: "Rockford",
      departAt: null,
      arriveAt: null,
      minutes: 900,
      meters: 1_600_000,
      price: { perVehicle: 1600, seats: 4 },
      estimated: false,
    },
  ],
};

describe("createOfferTableSources", () => {
  const sources = createOfferTableSources(tables);

  it("offers a city's stays, meals and visits, matched by name whatever the case", async () => {
    const [stay] = await sources.stays(city(" rockford "));
    expect(stay).toMatchObject({ id: "table:1", pricePerNight: 120, minimumNights: 2 });
    expect(stay).not.toHaveProperty("city");
    expect((await sources.meals(city("Rockford"))).map((m) => m.name)).toEqual(["Noodle bar"]);
    expect((await sources.attractions?.(city("Rockford")))?.[0]?.name).toBe("Anderson Gardens");
    expect(await sources.stays(city("Atlantis"))).toEqual([]);
  });

  it("offers a dated journey on its date only, a road leg on every date, one way", async () => {
    const onDate = await sources.journeys(city("St. Petersburg"), city("Rockford"), "2022-03-16");
    expect(onDate.map((j) => j.id)).toEqual(["table:f1", "table:r1"]);
    expect(onDate[0]).not.toHaveProperty("date");
    const later = await sources.journeys(city("St. Petersburg"), city("Rockford"), "2022-03-17");
    expect(later.map((j) => j.id)).toEqual(["table:r1"]);
    expect(await sources.journeys(city("Rockford"), city("St. Petersburg"), "2022-03-16")).toEqual(
      [],
    );
  });
});
