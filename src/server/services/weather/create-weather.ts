import type { Env } from "../../env.ts";
import { createOpenMeteoAdapter } from "./open-meteo.ts";
import { createOpenWeatherMapAdapter } from "./openweathermap.ts";
import { createWeatherService, type WeatherService } from "./weather-service.ts";

/** OpenWeatherMap when a key is set (the specification's provider), otherwise keyless Open-Meteo. */
export function createWeather(env: Env): WeatherService {
  const adapter = env.OPENWEATHER_API_KEY
    ? createOpenWeatherMapAdapter({
        baseUrl: env.OPENWEATHER_BASE_URL,
        apiKey: env.OPENWEATHER_API_KEY,
        timeoutMs: env.WEATHER_TIMEOUT_MS,
      })
    : createOpenMeteoAdapter({
        baseUrl: env.OPEN_METEO_BASE_URL,
        geocodingUrl: env.OPEN_METEO_GEOCODING_URL,
        timeoutMs: env.WEATHER_TIMEOUT_MS,
      });
  return createWeatherService(adapter);
}
