import { describe, expect, it } from "vitest";
import type { ForecastDay } from "./schemas/weather.ts";
import { HOT_DAY_HIGH_F, isOutdoorActivity, weatherConcern } from "./weather-fit.ts";

const day = (condition: string, highF: number): ForecastDay => ({
  label: "Today",
  date: "2027-05-01",
  icon: "01d",
  condition,
  description: condition,
  tempF: highF - 5,
  highF,
  lowF: highF - 10,
  humidity: 50,
  clothing: "",
  activity: "",
});

describe("weatherConcern", () => {
  it("calls rain, drizzle, thunderstorms and snow wet", () => {
    for (const c of ["Rain", "Drizzle", "Thunderstorm", "Snow"])
      expect(weatherConcern(day(c, 60))).toBe("wet");
  });
  it("calls a high of 90 °F hot and 89.9 °F fine", () => {
    expect(weatherConcern(day("Clear", HOT_DAY_HIGH_F))).toBe("hot");
    expect(weatherConcern(day("Clear", HOT_DAY_HIGH_F - 0.1))).toBeNull();
    expect(weatherConcern(day("Clouds", 70))).toBeNull();
  });
});

describe("isOutdoorActivity", () => {
  const a = (activity: string, location = "", description = "") => ({
    activity,
    location,
    description,
  });
  it("finds parks, walks, beaches and tours", () => {
    expect(isOutdoorActivity(a("Stroll through Retiro Park"))).toBe(true);
    expect(isOutdoorActivity(a("Afternoon", "Praia da Rocha beach"))).toBe(true);
    expect(isOutdoorActivity(a("Old town", "Alfama", "A walking tour of the lanes"))).toBe(true);
  });
  it("keeps museums, meals and spas indoors, even in a park", () => {
    expect(isOutdoorActivity(a("Prado Museum", "Paseo del Prado, by the park"))).toBe(false);
    expect(isOutdoorActivity(a("Dinner at Cervejaria Ramiro"))).toBe(false);
    expect(isOutdoorActivity(a("Thermal baths", "Széchenyi"))).toBe(false);
  });
});
