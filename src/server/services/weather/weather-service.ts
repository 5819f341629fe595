import { MESSAGES } from "#shared/messages.ts";
import type { Forecast, WeatherProvider } from "#shared/schemas/weather.ts";
import { createTtlCache } from "./ttl-cache.ts";

export type GeoPoint = { lat: number; lon: number; name: string; country: string };

/** One weather provider's two calls (SPEC 7, Chat assistant 1 and 2). */
export type WeatherAdapter = {
  provider: WeatherProvider;
  /** The first match for a place name, or null when there is none. */
  geocode(place: string): Promise<GeoPoint | null>;
  /** Five days in metric units, normalised to the forecast shape. */
  forecast(point: GeoPoint): Promise<Forecast>;
};

export type WeatherService = {
  provider: WeatherProvider;
  getForecast(place: string): Promise<Forecast>;
};

/** A weather failure the chat turns into its apology; `message` is one of the spec's texts. */
export class WeatherError extends Error {
  override name = "WeatherError";
  constructor(
    readonly kind: "not_found" | "failed",
    options: { cause?: unknown } = {},
  ) {
    super(kind === "not_found" ? MESSAGES.locationNotFound : MESSAGES.weatherFailed, options);
  }
}

export const WEATHER_CACHE_TTL_MS = 10 * 60 * 1000;

/**
 * Geocoding and forecasts are cached for about ten minutes (the providers ask for it, and repeated
 * questions then cost nothing). The cache lives in this process: each instance keeps its own, which
 * at worst costs one extra upstream call per instance and never changes an answer.
 */
export function createWeatherService(
  adapter: WeatherAdapter,
  options: { ttlMs?: number; now?: () => number } = {},
): WeatherService {
  const ttlMs = options.ttlMs ?? WEATHER_CACHE_TTL_MS;
  const places = createTtlCache<GeoPoint | null>({ ttlMs, maxEntries: 1000, now: options.now });
  const forecasts = createTtlCache<Forecast>({ ttlMs, maxEntries: 1000, now: options.now });
  return {
    provider: adapter.provider,
    async getForecast(place) {
      const placeKey = place.trim().toLowerCase().replace(/\s+/g, " ");
      const point = await places.getOrLoad(placeKey, () => adapter.geocode(place.trim()));
      if (!point) throw new WeatherError("not_found");
      const pointKey = `${point.lat.toFixed(2)},${point.lon.toFixed(2)}`;
      return forecasts.getOrLoad(pointKey, () => adapter.forecast(point));
    },
  };
}
