import { describe, expect, it } from "vitest";
import {
  activityAdvice,
  celsiusToFahrenheit,
  clothingAdvice,
  dayLabel,
  extractLocation,
  forecastText,
  localDate,
  selectDailyEntries,
  toForecastCard,
} from "./forecast.ts";
import type { Forecast } from "./schemas/weather.ts";

describe("extractLocation", () => {
  it.each([
    ["What's the weather in Paris?", "Paris"],
    ["weather in Paris", "Paris"],
    ["WEATHER IN PARIS", "PARIS"],
    ["What is the weather like in Lisbon?", null],
    ["weather at Denver tomorrow", "Denver"],
    ["forecast for Tokyo", "Tokyo"],
    ["Show me the weather forecast for Tokyo next week", "Tokyo"],
    ["temperature of Reykjavik this weekend", "Reykjavik"],
    ["climate in Cape Town from May to June", "Cape Town"],
    ["weather in New York for my trip", "New York"],
    ["weather in Rome week 3", "Rome"],
    ["How's the weather in Paris, France?", "Paris, France"],
    ["weather in São Paulo", "São Paulo"],
    ["weather in St. Louis.", "St. Louis"],
    ["weather in Fortaleza", "Fortaleza"],
    ["weather in Thisted tomorrow", "Thisted"],
    ["weather in Nextdoor", "Nextdoor"],
    ["weather for the Bahamas", "Bahamas"],
    ["Is the weather in Oslo? I am packing.", "Oslo"],
    // The spec's rule takes every word up to a stop word, adjectives included.
    ["Is the weather in Oslo good for hiking", "Oslo good"],
    ["weatherproof in Oslo", null],
    ["Plan a trip to Paris", null],
    ["weather", null],
    ["weather in ", null],
    ["weather in tomorrow", null],
    ["", null],
  ])("%j → %j", (message, expected) => {
    expect(extractLocation(message)).toBe(expected);
  });
});

describe("selectDailyEntries", () => {
  it("keeps every 8th entry starting with the first", () => {
    const list = Array.from({ length: 40 }, (_, i) => i);
    expect(selectDailyEntries(list)).toEqual([0, 8, 16, 24, 32]);
  });
  it("handles short lists and other steps", () => {
    expect(selectDailyEntries([1, 2, 3])).toEqual([1]);
    expect(selectDailyEntries(Array.from({ length: 9 }, (_, i) => i))).toEqual([0, 8]);
    expect(selectDailyEntries([])).toEqual([]);
    expect(selectDailyEntries([1, 2, 3], 1)).toEqual([1, 2, 3]);
  });
});

describe("celsiusToFahrenheit", () => {
  it.each([
    [0, 32],
    [100, 212],
    [-40, -40],
    [37, 98.6],
    [21.25, 70.3], // 70.25 rounds half up
    [21.22, 70.2],
    [-17.78, 0],
    [-17.8, 0],
    [-20.25, -4.4], // -4.45 rounds half up, towards +∞
    [15.5, 59.9],
    [0.05, 32.1],
  ])("%s °C → %s °F", (c, f) => {
    expect(celsiusToFahrenheit(c)).toBe(f);
  });
  it("never returns negative zero", () => {
    expect(Object.is(celsiusToFahrenheit(-17.78), -0)).toBe(false);
  });
});

describe("clothing and activity advice", () => {
  it.each([
    ["Rain", 90, "Bring a raincoat and an umbrella.", "Good day for indoor museums or cafes."],
    ["Drizzle", 20, "Bring a raincoat and an umbrella.", "Good day for indoor museums or cafes."],
    [
      "Thunderstorm",
      60,
      "Bring a raincoat and an umbrella.",
      "Good day for indoor museums or cafes.",
    ],
    ["Snow", 20, "Wear waterproof winter gear.", "Try winter sports, or stay in somewhere cosy."],
    ["Snow", 80, "Wear waterproof winter gear.", "Try winter sports, or stay in somewhere cosy."],
  ])("%s at %s °F", (condition, f, clothing, activity) => {
    expect(clothingAdvice(condition, f)).toBe(clothing);
    expect(activityAdvice(condition, f)).toBe(activity);
  });

  const heavy = "Wear a heavy coat with thermal layers, a hat, gloves and a scarf.";
  const warm = "Wear a warm coat and a sweater.";
  const light = "Bring a light jacket or sweater.";
  const breathable = "Wear light, breathable clothing, with sunscreen and sunglasses.";
  it.each([
    [-10, heavy],
    [31.9, heavy],
    [32, warm],
    [32.1, warm],
    [49.9, warm],
    [50, light],
    [50.1, light],
    [67.9, light],
    [68, breathable],
    [68.1, breathable],
    [100, breathable],
  ])("clothing at %s °F (clear)", (f, advice) => {
    expect(clothingAdvice("Clear", f)).toBe(advice);
  });

  const indoor = "Choose indoor attractions, or take a brisk walk in layers.";
  const sightseeing = "Fine for outdoor sightseeing with a light jacket.";
  const parks = "Great for outdoor activities and parks.";
  it.each([
    [-10, indoor],
    [31.9, indoor],
    [32, indoor],
    [49.9, indoor],
    [50, sightseeing],
    [50.1, sightseeing],
    [67.9, sightseeing],
    [68, parks],
    [68.1, parks],
  ])("activity at %s °F (clouds)", (f, advice) => {
    expect(activityAdvice("Clouds", f)).toBe(advice);
  });
});

describe("day labels in the place's time zone", () => {
  // 2026-11-22T23:00:00Z
  const dt = Date.UTC(2026, 10, 22, 23, 0, 0) / 1000;
  it("labels the first entry Today whatever its date", () => {
    expect(dayLabel(dt, 0, 0)).toBe("Today");
  });
  it("uses the local date, not UTC's", () => {
    expect(dayLabel(dt, 0, 1)).toBe("Sun, Nov 22");
    expect(dayLabel(dt, 9 * 3600, 1)).toBe("Mon, Nov 23"); // Tokyo: already 08:00 next day
    expect(dayLabel(dt, -5 * 3600, 1)).toBe("Sun, Nov 22"); // New York: 18:00
    expect(dayLabel(Date.UTC(2026, 10, 23, 2) / 1000, -5 * 3600, 2)).toBe("Sun, Nov 22");
    expect(localDate(dt, 5.5 * 3600)).toBe("2026-11-23"); // Kolkata: 04:30 next day
    expect(localDate(dt, 1 * 3600)).toBe("2026-11-23"); // exactly midnight counts as the new day
    expect(localDate(dt, 3600 - 1)).toBe("2026-11-22");
  });
});

describe("toForecastCard", () => {
  const base = Date.UTC(2026, 10, 22, 0, 0, 0) / 1000;
  const forecast: Forecast = {
    provider: "openweathermap",
    entriesPerDay: 8,
    city: { name: "Tokyo", country: "JP", timezoneOffsetSeconds: 9 * 3600 },
    list: Array.from({ length: 40 }, (_, i) => ({
      dt: base + i * 3 * 3600,
      main: { temp: i, temp_min: i - 1, temp_max: i + 1, humidity: 50 + i },
      weather: [
        i === 8
          ? { main: "Rain", description: "light rain", icon: "10d" }
          : { main: "Clear", description: "clear sky", icon: "01d" },
      ],
    })),
  };
  it("makes one day per 8 entries with °F, labels and advice", () => {
    const card = toForecastCard(forecast);
    expect(card.location).toBe("Tokyo, JP");
    expect(card.days.map((d) => d.label)).toEqual([
      "Today",
      "Mon, Nov 23",
      "Tue, Nov 24",
      "Wed, Nov 25",
      "Thu, Nov 26",
    ]);
    expect(card.days[0]).toMatchObject({ tempF: 32, highF: 33.8, lowF: 30.2, humidity: 50 });
    expect(card.days[0]?.clothing).toBe("Wear a warm coat and a sweater.");
    expect(card.days[1]).toMatchObject({ condition: "Rain", tempF: 46.4, icon: "10d" });
    expect(card.days[1]?.clothing).toBe("Bring a raincoat and an umbrella.");
    expect(card.days[4]).toMatchObject({ tempF: 89.6 });
  });
  it("keeps every entry of daily data", () => {
    const daily = { ...forecast, entriesPerDay: 1, list: forecast.list.slice(0, 5) };
    expect(toForecastCard(daily).days).toHaveLength(5);
  });
  it("writes the forecast as prose", () => {
    const text = forecastText(toForecastCard(forecast));
    expect(text.split("\n")[0]).toBe("Weather forecast for Tokyo, JP:");
    expect(text).toContain(
      "- Today: clear sky, 32.0°F (high 33.8°F, low 30.2°F), humidity 50%. Clothing: Wear a warm coat and a sweater.",
    );
  });
});
