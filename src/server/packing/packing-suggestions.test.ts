import { describe, expect, it } from "vitest";
import type { TripForecast } from "#shared/schemas/trip-forecast.ts";
import type { Transport, TripStop } from "#shared/schemas/trip-stops.ts";
import { journeySuggestions, plugSuggestions, weatherSuggestions } from "./packing-suggestions.ts";

const day = (date: string, condition: string, tempF: number) => ({
  date,
  availableFrom: null,
  forecast: {
    label: "Mon",
    date,
    icon: "01d",
    condition,
    description: condition,
    tempF,
    highF: tempF + 4,
    lowF: tempF - 4,
    humidity: 50,
    clothing: "",
    activity: "",
  },
});

const names = (found: { items: { name: string }[] }[]) =>
  found.flatMap((f) => f.items.map((i) => i.name));

describe("weather suggestions (SPEC's clothing rules)", () => {
  it("snow and freezing days: winter gear, heavy coat, thermal layers, hat, gloves, scarf", () => {
    const forecast: TripForecast = {
      location: "Oslo, NO",
      provider: "open-meteo",
      unavailable: false,
      days: [day("2027-01-10", "Snow", 25), day("2027-01-11", "Clear", 20)],
    };
    const found = weatherSuggestions(forecast);
    expect(names(found)).toEqual([
      "Waterproof winter gear",
      "Heavy coat",
      "Thermal layers",
      "Hat",
      "Gloves",
      "Scarf",
    ]);
    expect(found[1]?.reason).toBe("Below 32°F forecast in Oslo, NO on Jan 10 and Jan 11");
  });
});

const stop = (destination: string, country: string): TripStop => ({
  id: crypto.randomUUID(),
  destination,
  startDate: "2027-05-01",
  endDate: "2027-05-03",
  place: { name: destination, country, lat: 0, lng: 0, timezone: "Europe/Paris" },
});
const train = (from: string, to: string): Transport => ({
  id: crypto.randomUUID(),
  mode: "train",
  from,
  to,
  departAt: "2027-05-03T09:00",
  arriveAt: "2027-05-03T12:00",
  departZone: "Europe/Paris",
  arriveZone: "Europe/London",
  carrier: null,
  number: null,
  reference: null,
  notes: null,
});

describe("journey suggestions", () => {
  it("passport and tickets for an international train, none for a domestic one", () => {
    const stops = [
      stop("Paris", "France"),
      stop("Lyon", "France"),
      stop("London", "United Kingdom"),
    ];
    const abroad = journeySuggestions({
      stops,
      place: null,
      transport: [train("Paris Nord", "London St Pancras")],
    });
    expect(names(abroad)).toEqual(["Passport", "Train tickets"]);
    expect(abroad[0]?.reason).toBe(
      "For the international train from Paris Nord to London St Pancras on May 3",
    );
    expect(journeySuggestions({ stops, place: null, transport: [train("Paris", "Lyon")] })).toEqual(
      [],
    );
  });
});

describe("plug suggestions (IEC World Plugs)", () => {
  it("an adapter where no plug type is shared, a converter where the voltage differs", () => {
    const found = plugSuggestions([{ code: "GB", name: "United Kingdom" }], "FR");
    expect(names(found)).toEqual(["Plug adapter (type G)"]);
    expect(plugSuggestions([{ code: "JP", name: "Japan" }], "US").map((f) => f.reason)).toEqual([
      "Japan's mains are 100 V 50/60 Hz, United States's 120 V 60 Hz: chargers marked 100–240 V need none (IEC World Plugs)",
    ]);
    expect(plugSuggestions([{ code: "XX", name: "Nowhere" }], "US")).toEqual([]);
  });
});
