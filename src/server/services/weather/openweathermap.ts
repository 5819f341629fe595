import { z } from "zod";
import { forecastEntrySchema, type Forecast } from "#shared/schemas/weather.ts";
import { fetchJson } from "./fetch-json.ts";
import { WeatherError, type WeatherAdapter } from "./weather-service.ts";

// Only the fields we use; anything missing or mistyped is a shape mismatch, and so a failure.
const geocodeSchema = z.array(
  z.object({ name: z.string(), lat: z.number(), lon: z.number(), country: z.string() }),
);
const forecastResponseSchema = z.object({
  list: z.array(forecastEntrySchema).min(1),
  city: z.object({ name: z.string(), country: z.string(), timezone: z.number().int() }),
});

/** OpenWeatherMap: Geocoding API `/geo/1.0/direct`, then 5 day / 3 hour `/data/2.5/forecast`. */
export function createOpenWeatherMapAdapter(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
}): WeatherAdapter {
  const url = (path: string, params: Record<string, string>) => {
    const u = new URL(path, options.baseUrl);
    for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
    u.searchParams.set("appid", options.apiKey);
    return u;
  };
  return {
    provider: "openweathermap",
    async geocode(place) {
      const { status, body } = await fetchJson(
        url("/geo/1.0/direct", { q: place, limit: "1" }),
        options.timeoutMs,
      );
      if (status === 404) return null;
      if (status !== 200) throw new WeatherError("failed", { cause: { status, body } });
      const parsed = geocodeSchema.safeParse(body);
      if (!parsed.success) throw new WeatherError("failed", { cause: parsed.error });
      const first = parsed.data[0];
      return first
        ? { lat: first.lat, lon: first.lon, name: first.name, country: first.country }
        : null;
    },
    async forecast(point) {
      const { status, body } = await fetchJson(
        url("/data/2.5/forecast", {
          lat: String(point.lat),
          lon: String(point.lon),
          units: "metric",
        }),
        options.timeoutMs,
      );
      if (status === 404) throw new WeatherError("not_found", { cause: body });
      if (status !== 200) throw new WeatherError("failed", { cause: { status, body } });
      const parsed = forecastResponseSchema.safeParse(body);
      if (!parsed.success) throw new WeatherError("failed", { cause: parsed.error });
      const { list, city } = parsed.data;
      const forecast: Forecast = {
        provider: "openweathermap",
        entriesPerDay: 8,
        list: list.map(({ dt, main, weather }) => ({ dt, main, weather })),
        city: { name: city.name, country: city.country, timezoneOffsetSeconds: city.timezone },
      };
      return forecast;
    },
  };
}
