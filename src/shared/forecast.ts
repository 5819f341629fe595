import type { Forecast, ForecastCard, ForecastDay, ForecastEntry } from "./schemas/weather.ts";
import { formatTemperature, type TemperatureUnit } from "./temperature.ts";

/** SPEC 9: one entry per day from OpenWeatherMap's 3-hour list. */
export const FORECAST_ENTRY_STEP = 8;

const STOP_WORDS = "from|for|tomorrow|next|this|week";
const LOCATION_PATTERN = new RegExp(
  `\\b(?:weather|forecast|temperature|climate)\\s+(?:in|at|for|of)\\s+(?!(?:${STOP_WORDS})\\b)(.+?)(?=\\s+(?:${STOP_WORDS})\\b|\\s*[?!;:]|\\s*$)`,
  "iu",
);

/**
 * SPEC 5: the place words after weather, forecast, temperature or climate followed by in, at, for or
 * of; the place stops at from, for, tomorrow, next, this, week, a question mark or the end.
 */
export function extractLocation(message: string): string | null {
  const match = LOCATION_PATTERN.exec(message);
  const place = match?.[1]
    ?.replace(/[.,\s]+$/u, "")
    .replace(/^the\s+/iu, "")
    .trim();
  return place ? place : null;
}

/** Every `step`-th entry, starting with the first. */
export function selectDailyEntries<T>(list: readonly T[], step = FORECAST_ENTRY_STEP): T[] {
  return list.filter((_, index) => index % step === 0);
}

/** SPEC 9: °C → °F rounded to one decimal (half up). */
export function celsiusToFahrenheit(celsius: number): number {
  // Tenths of a degree in one step (°F × 10 = °C × 18 + 320) keeps binary rounding noise out.
  const rounded = Math.round(celsius * 18 + 320) / 10;
  return Object.is(rounded, -0) ? 0 : rounded;
}

export const formatFahrenheit = (fahrenheit: number) => `${fahrenheit.toFixed(1)}°F`;

/** The date of a unix time on the place's local calendar, as YYYY-MM-DD. */
export function localDate(dt: number, offsetSeconds: number): string {
  return new Date((dt + offsetSeconds) * 1000).toISOString().slice(0, 10);
}

/** SPEC 9: the first entry is "Today"; the others are labelled by the place's local date. */
export function dayLabel(dt: number, offsetSeconds: number, index: number): string {
  if (index === 0) return "Today";
  return new Date((dt + offsetSeconds) * 1000).toLocaleDateString("en-US", {
    weekday: "short",
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
}

export type WeatherKind = "rain" | "snow" | "other";

/** Drizzle and thunderstorms call for the same gear as rain. */
export function weatherKind(condition: string): WeatherKind {
  const c = condition.toLowerCase();
  if (c === "rain" || c === "drizzle" || c === "thunderstorm") return "rain";
  if (c === "snow") return "snow";
  return "other";
}

/** SPEC 9: clothing advice; `fahrenheit` is the shown (rounded) temperature, so text and figure agree. */
export function clothingAdvice(condition: string, fahrenheit: number): string {
  const kind = weatherKind(condition);
  if (kind === "rain") return "Bring a raincoat and an umbrella.";
  if (kind === "snow") return "Wear waterproof winter gear.";
  if (fahrenheit < 32) return "Wear a heavy coat with thermal layers, a hat, gloves and a scarf.";
  if (fahrenheit < 50) return "Wear a warm coat and a sweater.";
  if (fahrenheit < 68) return "Bring a light jacket or sweater.";
  return "Wear light, breathable clothing, with sunscreen and sunglasses.";
}

/** SPEC 9: activity advice. */
export function activityAdvice(condition: string, fahrenheit: number): string {
  const kind = weatherKind(condition);
  if (kind === "rain") return "Good day for indoor museums or cafes.";
  if (kind === "snow") return "Try winter sports, or stay in somewhere cosy.";
  if (fahrenheit < 50) return "Choose indoor attractions, or take a brisk walk in layers.";
  if (fahrenheit < 68) return "Fine for outdoor sightseeing with a light jacket.";
  return "Great for outdoor activities and parks.";
}

function toDay(entry: ForecastEntry, offsetSeconds: number, index: number): ForecastDay {
  const weather = entry.weather[0] ?? { main: "Clear", description: "clear sky", icon: "01d" };
  const tempF = celsiusToFahrenheit(entry.main.temp);
  return {
    label: dayLabel(entry.dt, offsetSeconds, index),
    date: localDate(entry.dt, offsetSeconds),
    icon: weather.icon,
    condition: weather.main,
    description: weather.description,
    tempF,
    highF: celsiusToFahrenheit(entry.main.temp_max),
    lowF: celsiusToFahrenheit(entry.main.temp_min),
    humidity: entry.main.humidity,
    clothing: clothingAdvice(weather.main, tempF),
    activity: activityAdvice(weather.main, tempF),
  };
}

/** The forecast as the card shows it: one entry per day, °F, advice. */
export function toForecastCard(forecast: Forecast): ForecastCard {
  const offset = forecast.city.timezoneOffsetSeconds;
  const entries = selectDailyEntries(forecast.list, forecast.entriesPerDay);
  const location = [forecast.city.name, forecast.city.country].filter(Boolean).join(", ");
  return {
    location,
    provider: forecast.provider,
    days: entries.map((entry, index) => toDay(entry, offset, index)),
  };
}

/**
 * The forecast as prose, for the model's instructions and for replies without a model, in the unit
 * the card beside it shows (the traveller's, else the specification's °F).
 */
export function forecastText(card: ForecastCard, unit: TemperatureUnit = "F", when = ""): string {
  const t = (fahrenheit: number) => formatTemperature(fahrenheit, unit);
  const lines = card.days.map(
    (d) =>
      `- ${d.label}: ${d.description}, ${t(d.tempF)} (high ${t(d.highF)}, low ${t(d.lowF)}), humidity ${d.humidity}%. Clothing: ${d.clothing} Activities: ${d.activity}`,
  );
  return [`Weather forecast for ${card.location}${when}:`, ...lines].join("\n");
}
