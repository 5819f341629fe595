import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenMeteoFake, type OpenMeteoFake } from "./open-meteo-fake.ts";
import {
  OWM_FAKE_API_KEY,
  startOpenWeatherMapFake,
  type OpenWeatherMapFake,
} from "./openweathermap-fake.ts";

const get = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe("OpenWeatherMap fake", () => {
  let owm: OpenWeatherMapFake;
  beforeAll(async () => {
    owm = await startOpenWeatherMapFake();
  });
  afterAll(() => owm.close());
  const key = `appid=${OWM_FAKE_API_KEY}`;

  it("geocodes to a list, [] for no match, 400 for an empty q", async () => {
    const paris = await get(`${owm.url}/geo/1.0/direct?q=Paris&limit=1&${key}`);
    expect(paris.status).toBe(200);
    expect(paris.body).toEqual([
      {
        name: "Paris",
        local_names: { en: "Paris" },
        lat: 48.8588897,
        lon: 2.320041,
        country: "FR",
        state: "Ile-de-France",
      },
    ]);
    expect(await get(`${owm.url}/geo/1.0/direct?q=Atlantis&limit=1&${key}`)).toEqual({
      status: 200,
      body: [],
    });
    expect(await get(`${owm.url}/geo/1.0/direct?q=&${key}`)).toEqual({
      status: 400,
      body: { cod: "400", message: "Nothing to geocode" },
    });
  });

  it("answers 401 with a numeric cod for a wrong key", async () => {
    const res = await get(`${owm.url}/geo/1.0/direct?q=Paris&appid=wrong`);
    expect(res.status).toBe(401);
    expect(res.body.cod).toBe(401);
    expect(res.body.message).toMatch(/^Invalid API key/);
  });

  it("forecasts 40 entries at 3-hour steps with a city object; Kelvin unless metric", async () => {
    const metric = await get(
      `${owm.url}/data/2.5/forecast?lat=48.8588897&lon=2.320041&units=metric&${key}`,
    );
    expect(metric.status).toBe(200);
    expect(metric.body).toMatchObject({ cod: "200", message: 0, cnt: 40 });
    const list = metric.body.list as {
      dt: number;
      main: { temp: number };
      dt_txt: string;
      weather: unknown[];
    }[];
    expect(list).toHaveLength(40);
    expect(list[1]!.dt - list[0]!.dt).toBe(10800);
    expect(list[0]!.main.temp).toBe(12);
    expect(list[0]!.weather[0]).toEqual({
      id: 800,
      main: "Clear",
      description: "clear sky",
      icon: "01d",
    });
    expect(list[0]!.dt_txt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(metric.body.city).toMatchObject({
      name: "Paris",
      country: "FR",
      timezone: 3600,
      coord: { lat: 48.8588897, lon: 2.320041 },
    });
    const kelvin = await get(`${owm.url}/data/2.5/forecast?lat=48.8588897&lon=2.320041&${key}`);
    expect((kelvin.body.list as { main: { temp: number } }[])[0]!.main.temp).toBeCloseTo(285.15);
  });

  it("answers 404 city not found for unknown coordinates", async () => {
    expect(await get(`${owm.url}/data/2.5/forecast?lat=0&lon=0&units=metric&${key}`)).toEqual({
      status: 404,
      body: { cod: "404", message: "city not found" },
    });
  });

  it("counts calls and injects faults", async () => {
    owm.resetCalls();
    owm.setFault("server-error");
    expect((await get(`${owm.url}/geo/1.0/direct?q=Paris&${key}`)).status).toBe(500);
    owm.setFault("wrong-shape");
    expect((await get(`${owm.url}/geo/1.0/direct?q=Paris&${key}`)).body).toHaveProperty(
      "unexpected",
      true,
    );
    owm.setFault("hang");
    const hung = await fetch(`${owm.url}/data/2.5/forecast?lat=1&lon=1&${key}`, {
      signal: AbortSignal.timeout(200),
    }).catch((error: unknown) => error);
    expect(hung).toBeInstanceOf(Error);
    owm.setFault(null);
    expect(owm.geocodeCalls()).toBe(2);
    expect(owm.forecastCalls()).toBe(1);
  });
});

describe("Open-Meteo fake", () => {
  let om: OpenMeteoFake;
  beforeAll(async () => {
    om = await startOpenMeteoFake({ now: () => Date.UTC(2026, 10, 22, 23, 30) });
  });
  afterAll(() => om.close());

  it("searches with `results`, and leaves `results` out on no match", async () => {
    const hit = await get(`${om.url}/v1/search?name=Tokyo&count=1`);
    expect(hit.body.results).toEqual([
      expect.objectContaining({
        name: "Tokyo",
        country_code: "JP",
        latitude: 35.6828387,
        longitude: 139.7594549,
        timezone: "Asia/Tokyo",
      }),
    ]);
    const miss = await get(`${om.url}/v1/search?name=Atlantis&count=1`);
    expect(miss.status).toBe(200);
    expect(miss.body).not.toHaveProperty("results");
  });

  it("forecasts parallel daily arrays on the place's local dates", async () => {
    const res = await get(
      `${om.url}/v1/forecast?latitude=35.6828387&longitude=139.7594549&daily=weather_code,temperature_2m_max,temperature_2m_min&timezone=auto&forecast_days=5`,
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ utc_offset_seconds: 32400, timezone: "Asia/Tokyo" });
    const daily = res.body.daily as Record<string, unknown[]>;
    expect(Object.keys(daily).sort()).toEqual([
      "temperature_2m_max",
      "temperature_2m_min",
      "time",
      "weather_code",
    ]);
    for (const values of Object.values(daily)) expect(values).toHaveLength(5);
    // 23:30 UTC is already the next morning in Tokyo.
    expect(daily.time?.[0]).toBe("2026-11-23");
    expect(res.body.daily_units).toMatchObject({ time: "iso8601", temperature_2m_max: "°C" });
  });

  it("answers 400 {error, reason} for bad parameters", async () => {
    const noTz = await get(`${om.url}/v1/forecast?latitude=1&longitude=1&daily=weather_code`);
    expect(noTz).toEqual({ status: 400, body: { error: true, reason: "Timezone is required" } });
    const noLat = await get(`${om.url}/v1/forecast?longitude=1`);
    expect(noLat.status).toBe(400);
    expect(noLat.body.error).toBe(true);
    const badVar = await get(
      `${om.url}/v1/forecast?latitude=1&longitude=1&daily=nope&timezone=auto`,
    );
    expect(badVar.body.reason).toMatch(/invalid String value nope/);
  });

  it("counts calls per path", async () => {
    om.resetCalls();
    await get(`${om.url}/v1/search?name=Oslo`);
    expect(om.geocodeCalls()).toBe(1);
    expect(om.forecastCalls()).toBe(0);
  });
});
