import { z } from "zod";
import type { Forecast, ForecastEntry } from "#shared/schemas/weather.ts";
import { fetchJson } from "./fetch-json.ts";
import { WeatherError, type WeatherAdapter } from "./weather-service.ts";
import { describeWeatherCode } from "./wmo-codes.ts";

export const OPEN_METEO_DAILY_FIELDS = [
  "weather_code",
  "temperature_2m_max",
  "temperature_2m_min",
  "temperature_2m_mean",
  "relative_humidity_2m_mean",
] as const;
const FORECAST_DAYS = 5;

// `results` is absent when nothing matches (not an empty list).
const searchSchema = z.object({
  results: z
    .array(
      z.object({
        name: z.string(),
        latitude: z.number(),
        longitude: z.number(),
        country_code: z.string().optional(),
      }),
    )
    .optional(),
});
const numbers = z.array(z.number());
const forecastResponseSchema = z.object({
  utc_offset_seconds: z.number().int(),
  daily: z.object({
    time: z.array(z.iso.date()).min(1),
    weather_code: numbers,
    temperature_2m_max: numbers,
    temperature_2m_min: numbers,
    temperature_2m_mean: numbers,
    relative_humidity_2m_mean: numbers,
  }),
});

/** Open-Meteo (keyless): geocoding search, then daily data in the place's own time zone. */
export function createOpenMeteoAdapter(options: {
  baseUrl: string;
  geocodingUrl: string;
  timeoutMs: number;
}): WeatherAdapter {
  return {
    provider: "open-meteo",
    async geocode(place) {
      const url = new URL("/v1/search", options.geocodingUrl);
      // The search matches names only: "Paris, France" must be asked as "Paris".
      url.searchParams.set("name", place.split(",")[0]?.trim() ?? place);
      url.searchParams.set("count", "1");
      url.searchParams.set("language", "en");
      url.searchParams.set("format", "json");
      const { status, body } = await fetchJson(url, options.timeoutMs);
      if (status !== 200) throw new WeatherError("failed", { cause: { status, body } });
      const parsed = searchSchema.safeParse(body);
      if (!parsed.success) throw new WeatherError("failed", { cause: parsed.error });
      const first = parsed.data.results?.[0];
      if (!first) return null;
      return {
        lat: first.latitude,
        lon: first.longitude,
        name: first.name,
        country: first.country_code ?? "",
      };
    },
    async forecast(point) {
      const url = new URL("/v1/forecast", options.baseUrl);
      url.searchParams.set("latitude", String(point.lat));
      url.searchParams.set("longitude", String(point.lon));
      url.searchParams.set("daily", OPEN_METEO_DAILY_FIELDS.join(","));
      url.searchParams.set("timezone", "auto");
      url.searchParams.set("forecast_days", String(FORECAST_DAYS));
      const { status, body } = await fetchJson(url, options.timeoutMs);
      if (status !== 200) throw new WeatherError("failed", { cause: { status, body } });
      const parsed = forecastResponseSchema.safeParse(body);
      if (!parsed.success) throw new WeatherError("failed", { cause: parsed.error });
      const { daily, utc_offset_seconds: offset } = parsed.data;
      const days = daily.time.length;
      const parallel = OPEN_METEO_DAILY_FIELDS.every((field) => daily[field].length === days);
      if (!parallel) throw new WeatherError("failed", { cause: "daily arrays differ in length" });
      const list = daily.time.map((date, i): ForecastEntry => {
        const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
        return {
          // Local midnight of that date, so the label shows the place's own calendar day.
          dt: Date.UTC(y, m - 1, d) / 1000 - offset,
          main: {
            temp: daily.temperature_2m_mean[i] ?? 0,
            temp_min: daily.temperature_2m_min[i] ?? 0,
            temp_max: daily.temperature_2m_max[i] ?? 0,
            humidity: Math.round(daily.relative_humidity_2m_mean[i] ?? 0),
          },
          weather: [describeWeatherCode(daily.weather_code[i] ?? 0)],
        };
      });
      const forecast: Forecast = {
        provider: "open-meteo",
        entriesPerDay: 1,
        list,
        city: { name: point.name, country: point.country, timezoneOffsetSeconds: offset },
      };
      return forecast;
    },
  };
}
