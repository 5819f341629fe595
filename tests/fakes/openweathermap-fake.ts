import { findPlaceByCoords, findPlaceByName, sendJson, startJsonFake } from "./weather-places.ts";

export const OWM_FAKE_API_KEY = "owm-test-key";
const STEP = 3 * 3600;

/**
 * OpenWeatherMap on 127.0.0.1: `/geo/1.0/direct` and `/data/2.5/forecast` with the real bodies and
 * errors (401 with a numeric `cod`, 404 "city not found", 200 `[]` for no match, 400 for empty `q`).
 */
export async function startOpenWeatherMapFake(
  options: { apiKey?: string; port?: number; now?: () => number } = {},
) {
  const apiKey = options.apiKey ?? OWM_FAKE_API_KEY;
  const now = options.now ?? Date.now;
  const authorised = (url: URL) => url.searchParams.get("appid") === apiKey;
  const unauthorised = {
    cod: 401,
    message: "Invalid API key. Please see https://openweathermap.org/faq#error401 for more info.",
  };

  const fake = await startJsonFake(
    {
      "/geo/1.0/direct": (url, res) => {
        if (!authorised(url)) return sendJson(res, 401, unauthorised);
        const q = url.searchParams.get("q")?.trim() ?? "";
        if (!q) return sendJson(res, 400, { cod: "400", message: "Nothing to geocode" });
        const place = findPlaceByName(q);
        if (!place) return sendJson(res, 200, []);
        sendJson(res, 200, [
          {
            name: place.name,
            local_names: { en: place.name },
            lat: place.lat,
            lon: place.lon,
            country: place.country,
            ...(place.state ? { state: place.state } : {}),
          },
        ]);
      },
      "/data/2.5/forecast": (url, res) => {
        if (!authorised(url)) return sendJson(res, 401, unauthorised);
        const lat = Number(url.searchParams.get("lat"));
        const lon = Number(url.searchParams.get("lon"));
        const place = findPlaceByCoords(lat, lon);
        if (!place) return sendJson(res, 404, { cod: "404", message: "city not found" });
        const metric = url.searchParams.get("units") === "metric";
        const first = Math.ceil(now() / 1000 / STEP) * STEP;
        const list = Array.from({ length: 40 }, (_, i) => {
          const day = Math.floor(i / 8);
          const celsius = (place.dailyC[day] ?? 0) + (i % 8) * 0.25;
          const temp = metric ? celsius : celsius + 273.15;
          const condition = place.conditions[day] ?? "Clear";
          const dt = first + i * STEP;
          return {
            dt,
            main: {
              temp,
              feels_like: temp - 1,
              temp_min: temp - 0.5,
              temp_max: temp + 0.5,
              pressure: 1015,
              sea_level: 1015,
              grnd_level: 1009,
              humidity: 60 + day,
              temp_kf: 0,
            },
            weather: [WEATHER[condition]],
            clouds: { all: condition === "Clear" ? 0 : 90 },
            wind: { speed: 3.2, deg: 240, gust: 5.1 },
            visibility: 10000,
            pop: condition === "Rain" ? 0.8 : 0,
            ...(condition === "Rain" ? { rain: { "3h": 1.2 } } : {}),
            sys: { pod: "d" },
            dt_txt: new Date(dt * 1000).toISOString().replace("T", " ").slice(0, 19),
          };
        });
        sendJson(res, 200, {
          cod: "200",
          message: 0,
          cnt: list.length,
          list,
          city: {
            id: 2988507,
            name: place.name,
            coord: { lat: place.lat, lon: place.lon },
            country: place.country,
            population: 1000000,
            timezone: place.offsetSeconds,
            sunrise: first,
            sunset: first + 9 * 3600,
          },
        });
      },
    },
    { port: options.port },
  );
  return {
    ...fake,
    geocodeCalls: () => fake.calls["/geo/1.0/direct"] ?? 0,
    forecastCalls: () => fake.calls["/data/2.5/forecast"] ?? 0,
  };
}

const WEATHER = {
  Clear: { id: 800, main: "Clear", description: "clear sky", icon: "01d" },
  Clouds: { id: 804, main: "Clouds", description: "overcast clouds", icon: "04d" },
  Rain: { id: 500, main: "Rain", description: "light rain", icon: "10d" },
  Snow: { id: 601, main: "Snow", description: "snow", icon: "13d" },
} as const;

export type OpenWeatherMapFake = Awaited<ReturnType<typeof startOpenWeatherMapFake>>;
