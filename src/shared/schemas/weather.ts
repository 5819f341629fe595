import { z } from "zod";
import { TEMPERATURE_UNITS } from "../temperature.ts";

export const WEATHER_PROVIDERS = ["openweathermap", "open-meteo"] as const;
export type WeatherProvider = (typeof WEATHER_PROVIDERS)[number];

/** One forecast entry in the specification's shape (SPEC 3: Weather forecast). Temperatures in °C. */
export const forecastEntrySchema = z.object({
  dt: z.number().int(),
  main: z.object({
    temp: z.number(),
    temp_min: z.number(),
    temp_max: z.number(),
    humidity: z.number(),
  }),
  weather: z
    .array(z.object({ main: z.string(), description: z.string(), icon: z.string() }))
    .min(1),
});
export type ForecastEntry = z.infer<typeof forecastEntrySchema>;

/**
 * What every weather adapter returns. `timezoneOffsetSeconds` places each entry on the place's local
 * calendar; `entriesPerDay` is 8 for 3-hour steps (OpenWeatherMap) and 1 for daily data (Open-Meteo).
 */
export const forecastSchema = z.object({
  list: z.array(forecastEntrySchema).min(1),
  city: z.object({
    name: z.string(),
    country: z.string(),
    timezoneOffsetSeconds: z.number().int(),
  }),
  entriesPerDay: z.number().int().positive(),
  provider: z.enum(WEATHER_PROVIDERS),
});
export type Forecast = z.infer<typeof forecastSchema>;

/** One day of the forecast card the widget shows. */
export const forecastDaySchema = z.object({
  label: z.string(),
  date: z.string(),
  icon: z.string(),
  condition: z.string(),
  description: z.string(),
  tempF: z.number(),
  highF: z.number(),
  lowF: z.number(),
  humidity: z.number(),
  clothing: z.string(),
  activity: z.string(),
});
export type ForecastDay = z.infer<typeof forecastDaySchema>;

export const forecastCardSchema = z.object({
  location: z.string(),
  provider: z.enum(WEATHER_PROVIDERS),
  days: z.array(forecastDaySchema),
  /** The unit the assistant's text used, so the card says the same (absent: the viewer's). */
  unit: z.enum(TEMPERATURE_UNITS).optional(),
});
export type ForecastCard = z.infer<typeof forecastCardSchema>;
