import {
  findPlaceByCoords,
  findPlaceByName,
  sendJson,
  startJsonFake,
  type FakeCondition,
  type FakePlace,
} from "./weather-places.ts";

const WMO: Record<FakeCondition, number> = { Clear: 0, Clouds: 3, Rain: 63, Snow: 73 };
const KNOWN_DAILY = new Set([
  "weather_code",
  "temperature_2m_max",
  "temperature_2m_min",
  "temperature_2m_mean",
  "relative_humidity_2m_mean",
]);

/**
 * Open-Meteo on 127.0.0.1: geocoding `/v1/search` (the best match with its IANA `timezone`, `country`
 * name and `country_code`; no `results` key on no match) and `/v1/forecast`
 * with parallel `daily` arrays, `timezone=auto`, and 400 `{error:true, reason}` on bad parameters.
 * One server answers both hosts' paths.
 */
export async function startOpenMeteoFake(
  options: { port?: number; now?: () => number; places?: readonly FakePlace[] } = {},
) {
  const now = options.now ?? Date.now;
  // Places beyond the shared ones (the evaluation's destinations), for this fake only.
  const more = options.places ?? [];
  const fake = await startJsonFake(
    {
      "/v1/search": (url, res) => {
        const name = url.searchParams.get("name")?.trim() ?? "";
        const place = name.length >= 2 ? findPlaceByName(name, more) : undefined;
        if (!place) return sendJson(res, 200, { generationtime_ms: 0.41 });
        sendJson(res, 200, {
          results: [
            {
              id: 2988507,
              name: place.name,
              latitude: place.lat,
              longitude: place.lon,
              elevation: 42,
              feature_code: "PPLC",
              country_code: place.country,
              admin1: place.state,
              timezone: place.timezone,
              population: 1000000,
              country: place.countryName,
            },
          ],
          generationtime_ms: 0.52,
        });
      },
      "/v1/forecast": (url, res) => {
        const lat = url.searchParams.get("latitude");
        const lon = url.searchParams.get("longitude");
        if (lat === null || lon === null || Number.isNaN(Number(lat)) || Number.isNaN(Number(lon)))
          return sendJson(res, 400, {
            error: true,
            reason: "Parameter 'latitude' and 'longitude' must have the same number of elements",
          });
        const daily = (url.searchParams.get("daily") ?? "").split(",").filter(Boolean);
        const unknown = daily.find((d) => !KNOWN_DAILY.has(d));
        if (unknown)
          return sendJson(res, 400, {
            error: true,
            reason: `Cannot initialize WeatherVariable from invalid String value ${unknown} for key daily`,
          });
        const timezone = url.searchParams.get("timezone");
        if (daily.length > 0 && !timezone)
          return sendJson(res, 400, {
            error: true,
            reason: "Timezone is required",
          });
        const days = Number(url.searchParams.get("forecast_days") ?? 7);
        if (!Number.isInteger(days) || days < 0 || days > 16)
          return sendJson(res, 400, {
            error: true,
            reason: "Forecast days is invalid. Allowed range 0 to 16.",
          });
        const place = findPlaceByCoords(Number(lat), Number(lon), more);
        const offset = timezone === "auto" ? (place?.offsetSeconds ?? 0) : 0;
        const today = Math.floor((now() / 1000 + offset) / 86400) * 86400;
        const values: Record<string, (day: number) => number> = {
          weather_code: (d) => WMO[place?.conditions[d % 5] ?? "Clear"],
          temperature_2m_max: (d) => (place?.dailyC[d % 5] ?? 15) + 3,
          temperature_2m_min: (d) => (place?.dailyC[d % 5] ?? 15) - 4,
          temperature_2m_mean: (d) => place?.dailyC[d % 5] ?? 15,
          relative_humidity_2m_mean: (d) => 70 + d,
        };
        const body: Record<string, unknown> = {
          latitude: Number(Number(lat).toFixed(4)),
          longitude: Number(Number(lon).toFixed(4)),
          generationtime_ms: 0.08,
          utc_offset_seconds: offset,
          timezone: timezone === "auto" ? (place?.timezone ?? "GMT") : "GMT",
          timezone_abbreviation: timezone === "auto" ? "LOCAL" : "GMT",
          elevation: 42,
        };
        if (daily.length > 0) {
          body.daily_units = Object.fromEntries([
            ["time", "iso8601"],
            ...daily.map((d) => [
              d,
              d.startsWith("temperature") ? "°C" : d === "weather_code" ? "wmo code" : "%",
            ]),
          ]);
          const indexes = Array.from({ length: days }, (_, i) => i);
          body.daily = Object.fromEntries([
            [
              "time",
              indexes.map((i) => new Date((today + i * 86400) * 1000).toISOString().slice(0, 10)),
            ],
            ...daily.map((d) => [d, indexes.map((i) => values[d]?.(i) ?? 0)]),
          ]);
        }
        sendJson(res, 200, body);
      },
    },
    { port: options.port },
  );
  return {
    ...fake,
    geocodeCalls: () => fake.calls["/v1/search"] ?? 0,
    forecastCalls: () => fake.calls["/v1/forecast"] ?? 0,
  };
}

export type OpenMeteoFake = Awaited<ReturnType<typeof startOpenMeteoFake>>;
