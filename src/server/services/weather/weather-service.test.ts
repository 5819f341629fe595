import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startOpenMeteoFake, type OpenMeteoFake } from "#tests/fakes/open-meteo-fake.ts";
import {
  OWM_FAKE_API_KEY,
  startOpenWeatherMapFake,
  type OpenWeatherMapFake,
} from "#tests/fakes/openweathermap-fake.ts";
import { createOpenMeteoAdapter } from "./open-meteo.ts";
import { createOpenWeatherMapAdapter } from "./openweathermap.ts";
import { createWeatherService, WeatherError } from "./weather-service.ts";

const NOW = Date.UTC(2026, 10, 22, 12, 0);
let owm: OpenWeatherMapFake;
let om: OpenMeteoFake;
beforeAll(async () => {
  owm = await startOpenWeatherMapFake({ now: () => NOW });
  om = await startOpenMeteoFake({ now: () => NOW });
});
afterAll(async () => {
  await owm.close();
  await om.close();
});
beforeEach(() => {
  owm.setFault(null);
  om.setFault(null);
  owm.resetCalls();
  om.resetCalls();
});

const owmService = (apiKey = OWM_FAKE_API_KEY, timeoutMs = 2000) =>
  createWeatherService(createOpenWeatherMapAdapter({ baseUrl: owm.url, apiKey, timeoutMs }));
const omService = (timeoutMs = 2000, now?: () => number) =>
  createWeatherService(
    createOpenMeteoAdapter({ baseUrl: om.url, geocodingUrl: om.url, timeoutMs }),
    { now },
  );

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WeatherError);
  return error as WeatherError;
};

describe("OpenWeatherMap adapter", () => {
  it("geocodes, then returns the 40 entries in metric units, normalised", async () => {
    const forecast = await owmService().getForecast("Paris");
    expect(forecast.provider).toBe("openweathermap");
    expect(forecast.entriesPerDay).toBe(8);
    expect(forecast.list).toHaveLength(40);
    expect(forecast.city).toEqual({ name: "Paris", country: "FR", timezoneOffsetSeconds: 3600 });
    expect(forecast.list[0]).toEqual({
      dt: Date.UTC(2026, 10, 22, 12) / 1000,
      main: { temp: 12, temp_min: 11.5, temp_max: 12.5, humidity: 60 },
      weather: [{ main: "Clear", description: "clear sky", icon: "01d" }],
    });
  });

  it("reports a missing place as 'Location not found'", async () => {
    const error = await failure(owmService().getForecast("Atlantis"));
    expect(error.message).toBe("Location not found");
  });

  it("treats a wrong key (401), a 500 and a wrong shape as 'Failed to fetch weather data'", async () => {
    expect((await failure(owmService("wrong").getForecast("Paris"))).message).toBe(
      "Failed to fetch weather data",
    );
    owm.setFault("server-error");
    expect((await failure(owmService().getForecast("Paris"))).kind).toBe("failed");
    owm.setFault("wrong-shape");
    expect((await failure(owmService().getForecast("Paris"))).kind).toBe("failed");
  });

  it("gives up on a hanging provider after the timeout", async () => {
    owm.setFault("hang");
    const started = performance.now();
    const error = await failure(owmService(OWM_FAKE_API_KEY, 300).getForecast("Paris"));
    expect(error.message).toBe("Failed to fetch weather data");
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("serves a repeated question from the cache without calling out again", async () => {
    const service = owmService();
    await service.getForecast("Paris");
    await service.getForecast("  paris ");
    expect(owm.geocodeCalls()).toBe(1);
    expect(owm.forecastCalls()).toBe(1);
  });

  it("does not cache failures", async () => {
    const service = owmService();
    owm.setFault("server-error");
    await failure(service.getForecast("Tokyo"));
    owm.setFault(null);
    await expect(service.getForecast("Tokyo")).resolves.toMatchObject({ city: { name: "Tokyo" } });
  });
});

describe("Open-Meteo adapter", () => {
  it("geocodes, then returns five daily entries in the place's time zone", async () => {
    const forecast = await omService().getForecast("Tokyo, Japan");
    expect(forecast.provider).toBe("open-meteo");
    expect(forecast.entriesPerDay).toBe(1);
    expect(forecast.list).toHaveLength(5);
    expect(forecast.city).toEqual({ name: "Tokyo", country: "JP", timezoneOffsetSeconds: 32400 });
    expect(forecast.list[0]).toEqual({
      dt: Date.UTC(2026, 10, 22) / 1000 - 32400,
      main: { temp: 18, temp_min: 14, temp_max: 21, humidity: 70 },
      weather: [{ main: "Clear", description: "clear sky", icon: "01d" }],
    });
    expect(forecast.list[3]?.weather[0]?.main).toBe("Rain");
  });

  it("reports no match (no `results`) as 'Location not found'", async () => {
    expect((await failure(omService().getForecast("Atlantis"))).message).toBe("Location not found");
  });

  it("treats a wrong shape, a 500 and a hang as failures", async () => {
    om.setFault("wrong-shape");
    expect((await failure(omService().getForecast("Oslo"))).kind).toBe("failed");
    om.setFault("server-error");
    expect((await failure(omService().getForecast("Oslo"))).kind).toBe("failed");
    om.setFault("hang");
    expect((await failure(omService(300).getForecast("Oslo"))).kind).toBe("failed");
  });

  it("caches for about ten minutes, then asks again", async () => {
    let clock = NOW;
    const service = omService(2000, () => clock);
    await service.getForecast("Oslo");
    clock += 9 * 60 * 1000;
    await service.getForecast("Oslo");
    expect(om.geocodeCalls()).toBe(1);
    expect(om.forecastCalls()).toBe(1);
    clock += 2 * 60 * 1000;
    await service.getForecast("Oslo");
    expect(om.geocodeCalls()).toBe(2);
    expect(om.forecastCalls()).toBe(2);
  });
});
